#pragma once
// Errors the engine reports: a code the UI can translate, the file concerned and an English detail.
#include <stdexcept>
#include <string>

namespace ps {

enum class ErrorCode {
    FileNotFound,
    FileUnreadable,
    FileTooLarge,
    BadJson,
    BadContent,
    BadLayout,
    InconsistentLayout,
    RankMismatch,
    BadTask,
    BadName,
    RecursionLimit,
    OutputError,
    Cancelled,
    BadArgument,
    MemoryLimit, // the run would hold more memory than limits().maxMemoryBytes
    FileChanged, // an input changed (shrank, was rewritten) while it was being read
};

class Error : public std::runtime_error {
public:
    Error(ErrorCode code, std::string file, std::string detail)
        : std::runtime_error(compose(file, detail))
        , m_code(code)
        , m_file(std::move(file))
        , m_detail(std::move(detail))
    {
    }
    ErrorCode code() const { return m_code; }
    const std::string& file() const { return m_file; }
    const std::string& detail() const { return m_detail; }

private:
    static std::string compose(const std::string& file, const std::string& detail)
    {
        return file.empty() ? detail : file + ": " + detail;
    }
    ErrorCode m_code;
    std::string m_file;
    std::string m_detail;
};

} // namespace ps
