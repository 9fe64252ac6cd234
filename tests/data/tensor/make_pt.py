#!/usr/bin/env python3
"""Writes the hand-made tensor files used by tests/core/tst_tensor.cpp (standard library only, no torch/numpy).

The .pt files copy the byte layout of torch.save (PyTorchStreamWriter/miniz, as in the msprobe dumps of
the mlp_mix_tensor case; rewriting one of those dumps with this writer gives identical bytes): stored records aligned
to 64 bytes with an "FB" padding extra field, data descriptors, a zip64 end record, and a protocol-2 data.pkl
calling torch._utils._rebuild_tensor_v2 on a persistent-id storage.
Run from this folder: python3 make_pt.py
"""
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "generated")

STORAGE = {  # torch storage type -> (struct format, element size)
    "FloatStorage": ("f", 4), "DoubleStorage": ("d", 8), "HalfStorage": ("e", 2), "BFloat16Storage": ("H", 2),
    "LongStorage": ("q", 8), "IntStorage": ("i", 4), "ShortStorage": ("h", 2), "CharStorage": ("b", 1),
    "ByteStorage": ("B", 1), "BoolStorage": ("?", 1),
}


# ---- pickle (protocol 2), written opcode by opcode like pickle.Pickler does for these objects ----
class Pickle:
    def __init__(self):
        self.out = bytearray(b"\x80\x02")
        self.memo = 0

    def put(self):
        self.out += b"q" + bytes([self.memo])
        self.memo += 1

    def global_(self, module, name):
        self.out += b"c" + module.encode() + b"\n" + name.encode() + b"\n"
        self.put()

    def string(self, text):
        data = text.encode()
        self.out += b"X" + struct.pack("<I", len(data)) + data
        self.put()

    def integer(self, value):
        if 0 <= value < 256:
            self.out += b"K" + bytes([value])
        elif 0 <= value < 65536:
            self.out += b"M" + struct.pack("<H", value)
        elif -2**31 <= value < 2**31:
            self.out += b"J" + struct.pack("<i", value)
        else:
            data = value.to_bytes(8, "little", signed=True)
            self.out += b"\x8a\x08" + data

    def int_tuple(self, values):
        if not values:
            self.out += b")"
            return
        if len(values) > 3:
            self.out += b"("
        for v in values:
            self.integer(v)
        self.out += {1: b"\x85", 2: b"\x86", 3: b"\x87"}.get(len(values), b"t")
        self.put()


def tensor_pickle(storage_type, numel, offset, size, stride, key="0", rebuild=("torch._utils", "_rebuild_tensor_v2"),
                  tail=b"."):
    p = Pickle()
    p.global_(*rebuild)
    p.out += b"(("
    p.string("storage")
    p.global_("torch", storage_type)
    p.string(key)
    p.string("cpu")
    p.integer(numel)
    p.out += b"t"
    p.put()
    p.out += b"Q"
    p.integer(offset)
    p.int_tuple(size)
    p.int_tuple(stride)
    p.out += b"\x89"  # requires_grad False
    p.global_("collections", "OrderedDict")
    p.out += b")R"
    p.put()
    p.out += b"t"
    p.put()
    p.out += b"R"
    p.put()
    p.out += tail
    return bytes(p.out)


# ---- zip container as PyTorchStreamWriter writes it ----
def torch_zip(records, deflate=False):
    """records: list of (name, bytes). Returns the archive bytes."""
    out = bytearray()
    central = bytearray()
    for name, data in records:
        raw_name = name.encode()
        crc = zlib.crc32(data) & 0xFFFFFFFF
        offset = len(out)
        if deflate:
            compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
            payload = compressor.compress(data) + compressor.flush()
            method, extra = 8, b""
        else:
            payload, method = data, 0
            start = offset + 30 + len(raw_name) + 4
            padding = (64 - start % 64) % 64
            extra = b"FB" + struct.pack("<H", padding) + b"Z" * padding
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 0, 0x0808, method, 0, 0, 0, 0, 0, len(raw_name), len(extra))
        out += raw_name + extra + payload
        out += struct.pack("<IIII", 0x08074B50, crc, len(payload), len(data))
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 0, 0, 0x0808, method, 0, 0, crc, len(payload),
                               len(data), len(raw_name), 0, 0, 0, 0, 0, offset)
        central += raw_name
    cd_offset = len(out)
    out += central
    z64_offset = len(out)
    count = len(records)
    out += struct.pack("<IQHHIIQQQQ", 0x06064B50, 44, 0x031E, 45, 0, 0, count, count, len(central), cd_offset)
    out += struct.pack("<IIQI", 0x07064B50, 0, z64_offset, 1)
    out += struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, len(central), cd_offset, 0)
    return bytes(out)


def write_pt(file_name, storage_type, values, size, stride=None, offset=0, numel=None, pickle_bytes=None,
             deflate=False, extra_records=(), data_bytes=None, archive=None):
    fmt, _ = STORAGE[storage_type]
    if stride is None:
        stride, step = [], 1
        for s in reversed(size):
            stride.insert(0, step)
            step *= s
    data = data_bytes if data_bytes is not None else struct.pack("<%d%s" % (len(values), fmt), *values)
    numel = len(values) if numel is None else numel
    archive = archive or file_name[:-3]
    pkl = pickle_bytes or tensor_pickle(storage_type, numel, offset, list(size), list(stride))
    records = [(archive + "/data.pkl", pkl), (archive + "/data/0", data)]
    records += [(archive + "/" + name, content) for name, content in extra_records]
    records.append((archive + "/version", b"3\n"))
    with open(os.path.join(OUT, file_name), "wb") as f:
        f.write(torch_zip(records, deflate))


def bf16(x):
    return struct.unpack("<I", struct.pack("<f", x))[0] >> 16


# ---- .npy writer (format 1.0 / 2.0 / 3.0) ----
def write_npy(file_name, descr, shape, data, fortran=False, version=1):
    shape_text = "(%d,)" % shape[0] if len(shape) == 1 else "(" + ", ".join("%d" % s for s in shape) + ")"
    header = "{'descr': '%s', 'fortran_order': %s, 'shape': %s, }" % (descr, fortran, shape_text)
    length_size = 2 if version == 1 else 4
    total = 6 + 2 + length_size + len(header) + 1
    header += " " * ((64 - total % 64) % 64) + "\n"
    length = struct.pack("<H" if version == 1 else "<I", len(header))
    with open(os.path.join(OUT, file_name), "wb") as f:
        f.write(b"\x93NUMPY" + bytes([version, 0]) + length + header.encode() + data)


def main():
    os.makedirs(OUT, exist_ok=True)
    # every storage dtype, shape (2, 3), values chosen exact in each dtype
    six = [0.5, -1.25, 2.0, 3.75, -4.5, 100.0]
    ints = [0, -1, 2, 3, -4, 100]
    write_pt("dtype_float32.pt", "FloatStorage", six, [2, 3])
    write_pt("dtype_float64.pt", "DoubleStorage", six, [2, 3])
    write_pt("dtype_float16.pt", "HalfStorage", six, [2, 3])
    write_pt("dtype_bfloat16.pt", "BFloat16Storage", [bf16(v) for v in six], [2, 3])
    write_pt("dtype_int64.pt", "LongStorage", ints, [2, 3])
    write_pt("dtype_int32.pt", "IntStorage", ints, [2, 3])
    write_pt("dtype_int16.pt", "ShortStorage", ints, [2, 3])
    write_pt("dtype_int8.pt", "CharStorage", ints, [2, 3])
    write_pt("dtype_uint8.pt", "ByteStorage", [0, 1, 2, 3, 4, 255], [2, 3])
    write_pt("dtype_bool.pt", "BoolStorage", [True, False, True, True, False, False], [2, 3])
    # views: a transposed-like stride with an offset, an offset slice, a 0-d tensor inside a larger storage
    twelve = [float(i) for i in range(12)]
    write_pt("view_strided.pt", "FloatStorage", twelve, [2, 3], stride=[1, 4], offset=1)
    write_pt("view_offset.pt", "FloatStorage", twelve, [3], stride=[1], offset=4)
    write_pt("view_zero_dim.pt", "FloatStorage", [1.0, 2.0, 7.5], [], stride=[], offset=2)
    write_pt("view_empty.pt", "FloatStorage", [], [0, 3])
    write_pt("view_big_int.pt", "LongStorage", [2**40, -2**40, 70000], [3])
    write_pt("deflated.pt", "FloatStorage", six, [2, 3], deflate=True)
    write_pt("byteorder_little.pt", "FloatStorage", six, [2, 3], extra_records=[("byteorder", b"little")])

    # refusals
    write_pt("err_unknown_global.pt", "FloatStorage", six, [2, 3],
             pickle_bytes=tensor_pickle("FloatStorage", 6, 0, [2, 3], [3, 1], rebuild=("os", "system")))
    build = tensor_pickle("FloatStorage", 6, 0, [2, 3], [3, 1]).replace(b")R", b"}b", 1)  # BUILD opcode
    write_pt("err_unknown_opcode.pt", "FloatStorage", six, [2, 3], pickle_bytes=build)
    write_pt("err_storage_too_small.pt", "FloatStorage", six, [4, 4])
    write_pt("err_storage_short_record.pt", "FloatStorage", six, [4, 4], numel=16)
    write_pt("err_not_tensor.pt", "FloatStorage", six, [2, 3], pickle_bytes=b"\x80\x02K\x05.")
    good = open(os.path.join(OUT, "dtype_float32.pt"), "rb").read()
    with open(os.path.join(OUT, "err_truncated.pt"), "wb") as f:
        f.write(good[: len(good) // 2])
    with open(os.path.join(OUT, "err_not_zip.pt"), "wb") as f:
        f.write(b"this is not a zip archive at all, just text\n" * 4)
    with open(os.path.join(OUT, "err_legacy.pt"), "wb") as f:
        f.write(b"\x80\x02\x8a\x0al\xfc\x9cF\xf9 j\xa8P\x19.\x80\x02M\xe9\x03.")
    with open(os.path.join(OUT, "err_missing_pkl.pt"), "wb") as f:
        f.write(torch_zip([("arch/data/0", b"\0" * 24), ("arch/version", b"3\n")]))
    with open(os.path.join(OUT, "err_missing_storage.pt"), "wb") as f:
        f.write(torch_zip([("arch/data.pkl", tensor_pickle("FloatStorage", 6, 0, [2, 3], [3, 1])),
                           ("arch/version", b"3\n")]))
    # a deflated entry whose central directory claims 4 GiB from a few bytes: refused before any allocation
    bomb = bytearray(torch_zip([("arch/data.pkl", tensor_pickle("FloatStorage", 6, 0, [2, 3], [3, 1])),
                                ("arch/data/0", b"\0" * 24)], deflate=True))
    cd = bomb.index(b"PK\x01\x02", bomb.index(b"PK\x01\x02") + 4)  # second central entry
    bomb[cd + 24:cd + 28] = struct.pack("<I", 0xFFFFFFF0)  # uncompressed size
    with open(os.path.join(OUT, "err_zip_bomb.pt"), "wb") as f:
        f.write(bytes(bomb))
    # a stored entry declaring more bytes than the file holds
    over = bytearray(good)
    cd = over.index(b"PK\x01\x02", over.index(b"PK\x01\x02") + 4)
    over[cd + 20:cd + 28] = struct.pack("<II", 1 << 30, 1 << 30)
    with open(os.path.join(OUT, "err_size_beyond_file.pt"), "wb") as f:
        f.write(bytes(over))
    corrupt = bytearray(good)
    corrupt[good.index(struct.pack("<f", 3.75))] ^= 0xFF  # flip a data byte: CRC no longer matches
    with open(os.path.join(OUT, "err_bad_crc.pt"), "wb") as f:
        f.write(bytes(corrupt))

    # .npy: every dtype, C and Fortran order, versions 2 and 3, refusals
    for descr, fmt, values in [("<f8", "d", six), ("<f4", "f", six), ("<f2", "e", six), ("<i8", "q", ints),
                               ("<i4", "i", ints), ("<i2", "h", ints), ("|i1", "b", ints),
                               ("|u1", "B", [0, 1, 2, 3, 4, 255]),
                               ("|b1", "?", [True, False, True, True, False, False])]:
        write_npy("npy_%s.npy" % descr[1:], descr, [2, 3], struct.pack("<6" + fmt, *values))
    column_major = [six[0], six[3], six[1], six[4], six[2], six[5]]  # the same 2x3 matrix stored by columns
    write_npy("npy_fortran.npy", "<f4", [2, 3], struct.pack("<6f", *column_major), fortran=True)
    write_npy("npy_v2.npy", "<f4", [2, 3], struct.pack("<6f", *six), version=2)
    write_npy("npy_v3.npy", "<f4", [2, 3], struct.pack("<6f", *six), version=3)
    write_npy("npy_zero_dim.npy", "<f8", [], struct.pack("<d", 7.5))
    write_npy("err_npy_object.npy", "|O", [2], b"\x80\x02N.")
    write_npy("err_npy_big_endian.npy", ">f4", [2, 3], struct.pack(">6f", *six))
    write_npy("err_npy_truncated.npy", "<f4", [2, 3], struct.pack("<3f", *six[:3]))


if __name__ == "__main__":
    main()
