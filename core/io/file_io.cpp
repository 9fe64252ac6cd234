#include "file_io.h"

#include <algorithm>

#include "util/error.h"
#include "util/limits.h"

#include <cerrno>
#include <cstdlib>
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
    struct stat st { };
    if (::stat(path.c_str(), &st) != 0)
        throw Error(ErrorCode::FileNotFound, path, "the file does not exist");
    if (S_ISDIR(st.st_mode))
        throw Error(ErrorCode::FileUnreadable, path, "is a folder, a file was expected");
    if (!S_ISREG(st.st_mode))
        throw Error(ErrorCode::FileUnreadable, path, "is not a regular file");
    if (uint64_t(st.st_size) > limits().maxFileBytes)
        throw Error(ErrorCode::FileTooLarge, path,
            overLimit("the file is " + std::to_string(st.st_size) + " bytes", "max_file_size", limits().maxFileBytes));
    if (uint64_t(st.st_size) > maxBytes)
        throw Error(ErrorCode::FileTooLarge, path,
            "the file is " + std::to_string(st.st_size) + " bytes, above the limit of " + std::to_string(maxBytes)
                + " for this kind of file");
    return st;
}

} // namespace

uint64_t checkInputFile(const std::string& path, uint64_t maxBytes)
{
    return uint64_t(statInput(path, maxBytes).st_size);
}

bool isDirectory(const std::string& path)
{
    struct stat st { };
    return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool isInsideFolder(const std::string& path, const std::string& folder)
{
    char* file = ::realpath(path.c_str(), nullptr);
    char* dir = ::realpath(folder.c_str(), nullptr);
    bool inside = false;
    if (file && dir) {
        std::string_view f(file), d(dir);
        inside = f.size() > d.size() && f.substr(0, d.size()) == d && (d == "/" || f[d.size()] == '/');
    }
    std::free(file);
    std::free(dir);
    return inside;
}

bool isRegularFile(const std::string& path)
{
    struct stat st { };
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

AtomicFile::AtomicFile(std::string path, WriteBehind::Sizes writeBehind)
    : m_path(std::move(path))
    , m_behind(writeBehind)
{
    m_temp = joinPath(parentDir(m_path), ".probescope-XXXXXX");
    m_fd = ::mkostemp(m_temp.data(), O_CLOEXEC);
    if (m_fd < 0) {
        int err = errno;
        m_temp.clear();
        fail("cannot create a temporary file in the output folder", err);
    }
    if (::fchmod(m_fd, 0640) != 0)
        fail("cannot set the file mode", errno);
}

AtomicFile::~AtomicFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
    if (!m_committed && !m_temp.empty())
        ::unlink(m_temp.c_str());
}

void AtomicFile::fail(const std::string& what, int err)
{
    throw Error(ErrorCode::OutputError, m_path, what + ": " + std::strerror(err));
}

void AtomicFile::write(std::string_view data)
{
    size_t done = 0;
    while (done < data.size()) {
        ssize_t n = ::write(m_fd, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            fail("write failed", n == 0 ? EIO : errno);
        done += size_t(n);
    }
    m_appended += data.size();
    m_behind.wrote(m_fd, m_appended);
}

void AtomicFile::writeAt(uint64_t offset, std::string_view data)
{
    size_t done = 0;
    while (done < data.size()) {
        ssize_t n = ::pwrite(m_fd, data.data() + done, data.size() - done, off_t(offset + done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            fail("write failed", n == 0 ? EIO : errno);
        done += size_t(n);
    }
    m_behind.wrote(m_fd, offset + data.size());
}

void AtomicFile::commit()
{
    if (::fsync(m_fd) != 0)
        fail("fsync failed", errno);
    int fd = m_fd;
    m_fd = -1;
    if (::close(fd) != 0)
        fail("close failed", errno);
    if (::rename(m_temp.c_str(), m_path.c_str()) != 0)
        fail("cannot rename the finished file", errno);
    m_committed = true;
    // The rename itself reaches the disk with the folder's entry; a failure here loses nothing already written.
    int dir = ::open(parentDir(m_path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
}

void writeFileAtomically(const std::string& path, std::string_view data)
{
    AtomicFile out(path);
    out.write(data);
    out.commit();
}

} // namespace ps
