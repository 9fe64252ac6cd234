#include "session/errortext.h"

#include "util/error.h"

namespace psui {

QString ErrorText::sentence(const ps::Error& error)
{
    switch (error.code()) {
    case ps::ErrorCode::FileNotFound:
        return tr("A file or folder does not exist.");
    case ps::ErrorCode::FileUnreadable:
        return tr("A file cannot be read.");
    case ps::ErrorCode::FileTooLarge:
        return tr("A file is larger than the resource limits allow.");
    case ps::ErrorCode::BadJson:
        return tr("A file is not valid JSON.");
    case ps::ErrorCode::BadContent:
        return tr("A file does not hold what a dump or graph file holds.");
    case ps::ErrorCode::BadLayout:
        return tr("The dump folder is not laid out as msprobe writes it.");
    case ps::ErrorCode::InconsistentLayout:
        return tr("The NPU and bench folders are laid out differently.");
    case ps::ErrorCode::RankMismatch:
        return tr("The NPU and bench runs do not have the same ranks.");
    case ps::ErrorCode::BadTask:
        return tr("The dump was taken with a task ProbeScope cannot compare.");
    case ps::ErrorCode::BadName:
        return tr("A node or file name cannot be used.");
    case ps::ErrorCode::RecursionLimit:
        return tr("A structure is nested more deeply than the limits allow.");
    case ps::ErrorCode::OutputError:
        return tr("The output cannot be written.");
    case ps::ErrorCode::Cancelled:
        return tr("Cancelled.");
    case ps::ErrorCode::BadArgument:
        return tr("A setting is not valid.");
    case ps::ErrorCode::MemoryLimit:
        return tr("The run would need more memory than the resource limits allow.");
    case ps::ErrorCode::FileChanged:
        return tr("A file changed while it was being read (is a job still writing it?).");
    }
    return tr("The operation failed.");
}

QString ErrorText::of(const ps::Error& error)
{
    QString text = sentence(error);
    if (!error.file().empty())
        text += QLatin1Char(' ') + tr("File: %1.").arg(QString::fromStdString(error.file()));
    if (!error.detail().empty())
        text += QLatin1Char(' ') + tr("Details: %1").arg(QString::fromStdString(error.detail()));
    return text;
}

QString ErrorText::of(const std::exception& error)
{
    if (const auto* engineError = dynamic_cast<const ps::Error*>(&error))
        return of(*engineError);
    return QString::fromUtf8(error.what());
}

} // namespace psui
