#pragma once
// Help ▸ User guide: the bundled guide (resources/guide/user_guide_<lang>.md, embedded) in a text browser, in the
// UI's language: Chinese for a zh locale, English otherwise. Follows language switches while open.
#include <QDialog>

class QLocale;
class QTextBrowser;

namespace psui {

class UserGuideDialog : public QDialog {
    Q_OBJECT
public:
    explicit UserGuideDialog(QWidget* parent = nullptr);

    QTextBrowser* browser() const { return m_browser; }
    // The embedded guide for a locale (the resource path); exposed for tests.
    static QString guideResource(const QLocale& locale);

protected:
    void changeEvent(QEvent* event) override;

private:
    void load();

    QTextBrowser* m_browser;
};

} // namespace psui
