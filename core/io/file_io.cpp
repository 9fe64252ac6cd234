#include "file_io.h"

#include "util/error.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ps {

namespace fs = std::filesystem;

namespace {
struct stat statInput(const std::string& path, uint64_t maxBytes);
}

std::string readWholeFile(const std::string& path, uint64_t maxBytes)
{
    struct stat st = statInput(path, maxBytes);
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        throw Error(ErrorCode::FileUnreadable, path, std::string("cannot open: ") + std::strerror(errno));
    std::string data;
    data.resize(size_t(st.st_size));
    size_t got = 0;
    while (got < data.size()) {
        ssize_t n = ::read(fd, data.data() + got, data.size() - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            int err = errno;
            ::close(fd);
            throw Error(ErrorCode::FileUnreadable, path,
                n == 0 ? "the file shrank while it was read" : std::string("read failed: ") + std::strerror(err));
        }
        got += size_t(n);
    }
    ::close(fd);
    return data;
}

namespace {

struct stat statInput(const std::string& path, uint64_t maxBytes)
{
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        throw Error(ErrorCode::FileNotFound, path, "the file does not exist");
    if (S_ISDIR(st.st_mode))
        throw Error(ErrorCode::FileUnreadable, path, "is a folder, a file was expected");
    if (!S_ISREG(st.st_mode))
        throw Error(ErrorCode::FileUnreadable, path, "is not a regular file");
    if (uint64_t(st.st_size) > maxBytes)
        throw Error(ErrorCode::FileTooLarge, path,
            "the file is " + std::to_string(st.st_size) + " bytes, above the limit of " + std::to_string(maxBytes));
    return st;
}

} // namespace

MappedFile::MappedFile(const std::string& path, uint64_t maxBytes)
{
    struct stat st = statInput(path, maxBytes);
    m_size = size_t(st.st_size);
    if (m_size == 0)
        return;
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        throw Error(ErrorCode::FileUnreadable, path, std::string("cannot open: ") + std::strerror(errno));
    m_data = ::mmap(nullptr, m_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
    int err = errno;
    ::close(fd);
    if (m_data == MAP_FAILED) {
        m_data = nullptr;
        throw Error(ErrorCode::FileUnreadable, path, std::string("cannot map the file: ") + std::strerror(err));
    }
    ::madvise(m_data, m_size, MADV_SEQUENTIAL);
}

MappedFile::~MappedFile()
{
    if (m_data)
        ::munmap(m_data, m_size);
}

bool MappedFile::isBlank() const
{
    for (char c : text())
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
            return false;
    return true;
}

bool isDirectory(const std::string& path)
{
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool isRegularFile(const std::string& path)
{
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::string joinPath(std::string_view dir, std::string_view name)
{
    std::string out(dir);
    if (!out.empty() && out.back() != '/')
        out += '/';
    out += name;
    return out;
}

std::string parentDir(const std::string& path)
{
    auto pos = path.find_last_of('/');
    if (pos == std::string::npos)
        return ".";
    if (pos == 0)
        return "/";
    return path.substr(0, pos);
}

std::string absolutePath(const std::string& path)
{
    std::error_code ec;
    fs::path p = fs::absolute(path, ec);
    return ec ? path : p.lexically_normal().string();
}

void ensureDirectory(const std::string& path)
{
    std::error_code ec;
    if (fs::is_directory(path, ec))
        return;
    if (fs::exists(path, ec))
        throw Error(ErrorCode::OutputError, path, "exists and is not a folder");
    fs::create_directories(path, ec);
    if (ec)
        throw Error(ErrorCode::OutputError, path, "cannot create the folder: " + ec.message());
    fs::permissions(path, fs::perms(0750), fs::perm_options::replace, ec);
}

void writeFileAtomically(const std::string& path, std::string_view data)
{
    std::string tmpl = joinPath(parentDir(path), ".probescope-XXXXXX");
    int fd = ::mkstemp(tmpl.data());
    if (fd < 0)
        throw Error(ErrorCode::OutputError, path, std::string("cannot create a temporary file: ") + std::strerror(errno));
    auto failWith = [&](const std::string& what) {
        int err = errno;
        ::close(fd);
        ::unlink(tmpl.c_str());
        throw Error(ErrorCode::OutputError, path, what + ": " + std::strerror(err));
    };
    size_t done = 0;
    while (done < data.size()) {
        ssize_t n = ::write(fd, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            failWith("write failed");
        done += size_t(n);
    }
    if (::fchmod(fd, 0640) != 0)
        failWith("cannot set the file mode");
    if (::fsync(fd) != 0)
        failWith("fsync failed");
    if (::close(fd) != 0) {
        int err = errno;
        ::unlink(tmpl.c_str());
        throw Error(ErrorCode::OutputError, path, std::string("close failed: ") + std::strerror(err));
    }
    // rename() replaces a symlink itself rather than writing through it.
    if (::rename(tmpl.c_str(), path.c_str()) != 0) {
        int err = errno;
        ::unlink(tmpl.c_str());
        throw Error(ErrorCode::OutputError, path, std::string("cannot rename the finished file: ") + std::strerror(err));
    }
}

} // namespace ps
