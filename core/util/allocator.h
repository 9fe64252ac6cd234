#pragma once
// Process-wide allocator settings for the programs (CLI, GUI, benchmarks); call first thing in main().
//
// glibc returns the free top of a thread's heap to the system as soon as it exceeds 128 KiB (M_TRIM_THRESHOLD),
// and faults it in again, zeroed, when the heap grows back. The GUI reads both dump sides on worker threads, whose
// heaps shrink and regrow that way all along a large read: 2 x 1 GiB took 6.9 s to read in the GUI against 4.5 s
// in the CLI (whose main-thread heap raises its threshold by itself). Keeping up to 512 MiB of free top per heap
// makes both 5.2 s, and lowers the CLI's peak RSS (2.29 -> 2.02 GB on that pair).
namespace ps {

void configureAllocator();

} // namespace ps
