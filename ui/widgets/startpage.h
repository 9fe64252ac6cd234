#pragma once
// The first thing a user sees: what ProbeScope does, the ways to open something (a comparison, a .vis, the bundled
// example) and the recent files. MainWindow shows it in the central area until a session is loaded; the page only
// asks, through signals, and opens nothing itself.
#include <QWidget>

class QLabel;
class QListWidget;
class QListWidgetItem;
class QCommandLinkButton;

namespace psui {

class StartPage : public QWidget {
    Q_OBJECT
public:
    explicit StartPage(QWidget* parent = nullptr);

    // Each entry is one or two paths joined by '\n' (Settings::recentFiles). Entries whose files are gone are
    // listed but disabled.
    void setRecentFiles(const QStringList& entries);
    void setExampleAvailable(bool available);

    QCommandLinkButton* openComparisonButton() const { return m_openComparison; }
    QCommandLinkButton* openVisButton() const { return m_openVis; }
    QCommandLinkButton* openExampleButton() const { return m_openExample; }
    QListWidget* recentList() const { return m_recent; }

Q_SIGNALS:
    void openComparisonRequested();
    void openVisRequested();
    void openExampleRequested();
    void recentRequested(const QString& entry);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void onRecentActivated(QListWidgetItem* item);

    QLabel* m_title;
    QLabel* m_summary;
    QCommandLinkButton* m_openComparison;
    QCommandLinkButton* m_openVis;
    QCommandLinkButton* m_openExample;
    QLabel* m_recentTitle;
    QListWidget* m_recent;
    QLabel* m_noRecent;
    QLabel* m_hint;
    QStringList m_entries;
};

} // namespace psui
