#pragma once
// The UI's own sentence for a failure: core's ErrorCode says in the user's language what went wrong, then the
// file and core's detail (English, as the CLI and the logs print it) follow. Anything that is not a ps::Error
// shows its message as it is.
#include <QCoreApplication>
#include <QString>

#include <exception>

namespace ps {
class Error;
}

namespace psui {

class ErrorText {
    Q_DECLARE_TR_FUNCTIONS(ErrorText)

public:
    static QString of(const ps::Error& error);
    static QString of(const std::exception& error); // a ps::Error's sentence, else what()

private:
    static QString sentence(const ps::Error& error);
};

} // namespace psui
