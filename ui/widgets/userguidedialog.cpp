#include "widgets/userguidedialog.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QFile>
#include <QLocale>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace psui {

UserGuideDialog::UserGuideDialog(QWidget* parent)
    : QDialog(parent)
    , m_browser(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("userGuideDialog"));
    m_browser->setObjectName(QStringLiteral("userGuideBrowser"));
    m_browser->setOpenExternalLinks(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_browser, 1);
    layout->addWidget(buttons);
    resize(820, 760);
    load();
}

QString UserGuideDialog::guideResource(const QLocale& locale)
{
    return locale.language() == QLocale::Chinese ? QStringLiteral(":/guide/user_guide_zh_CN.md")
                                                 : QStringLiteral(":/guide/user_guide_en.md");
}

void UserGuideDialog::load()
{
    setWindowTitle(tr("ProbeScope User Guide"));
    QFile file(guideResource(QLocale()));
    if (!file.open(QIODevice::ReadOnly)) {
        m_browser->setPlainText(tr("The user guide is missing from this build (%1).").arg(file.fileName()));
        return;
    }
    m_browser->setMarkdown(QString::fromUtf8(file.readAll()));
}

void UserGuideDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        load();
    QDialog::changeEvent(event);
}

} // namespace psui
