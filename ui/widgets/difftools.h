#pragma once
// File ▸ Compare with another comparison… / Stop comparing with …: the user picks the other comparison (a .vis, a
// .vis.db or a compare.json), the "before" of the one shown; the session controller compares them in the
// background. Failures are shown in a message box naming the file; the session stays as it was.
#include <QObject>

class QAction;
class QWidget;

namespace psui {

class SessionController;

class DiffTools : public QObject {
    Q_OBJECT
public:
    // `window`: parent of the actions and the dialogs.
    DiffTools(SessionController* session, QWidget* window);

    QAction* compareAction() const { return m_compare; }
    QAction* stopAction() const { return m_stop; }

Q_SIGNALS:
    void statusMessage(const QString& text, int timeoutMs);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void chooseOther();
    void retranslate();
    void updateActions();

    SessionController* m_session;
    QWidget* m_window;
    QAction* m_compare;
    QAction* m_stop;
};

} // namespace psui
