#include "widgets/opendialog.h"

#include "session/sessioncontroller.h"
#include "session/settings.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QMessageBox>
#include <QToolButton>

namespace psui {

OpenDialog::OpenDialog(Settings* settings, QWidget* parent)
    : QDialog(parent)
    , m_settings(settings)
{
    setWindowTitle(tr("Open comparison"));
    auto* form = new QFormLayout;
    m_npu = addPathRow(form, tr("NPU dump folder:"), true);
    m_bench = addPathRow(form, tr("Bench dump folder (optional):"), true);
    m_bench->setPlaceholderText(tr("empty: build the NPU graph only"));
    m_mapping = addPathRow(form, tr("Layer mapping file (optional):"), false);
    m_fuzzy = new QCheckBox(tr("Fuzzy matching (-f)"), this);
    m_overflow = new QCheckBox(tr("Overflow check (-oc)"), this);
    m_completeStack = new QCheckBox(tr("Complete call stacks (-cs)"), this);
    form->addRow(m_fuzzy);
    form->addRow(m_overflow);
    form->addRow(m_completeStack);

    const ps::EngineOptions o = settings->engineOptions();
    m_fuzzy->setChecked(o.fuzzy);
    m_overflow->setChecked(o.overflowCheck);
    m_completeStack->setChecked(o.completeStack);
    m_mapping->setText(QString::fromStdString(o.layerMappingPath));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &OpenDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &OpenDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    resize(640, sizeHint().height());
}

QLineEdit* OpenDialog::addPathRow(QFormLayout* form, const QString& label, bool folder)
{
    auto* edit = new QLineEdit(this);
    auto* browse = new QToolButton(this);
    browse->setText(QStringLiteral("…"));
    browse->setToolTip(tr("Browse"));
    auto* row = new QHBoxLayout;
    row->addWidget(edit, 1);
    row->addWidget(browse);
    form->addRow(label, row);
    connect(browse, &QToolButton::clicked, this, [this, edit, folder]() {
        const QString start
            = edit->text().isEmpty() ? m_settings->value(Settings::Key::LastDirectory).toString() : edit->text();
        const QString path = folder ? QFileDialog::getExistingDirectory(this, tr("Choose a dump folder"), start)
                                    : QFileDialog::getOpenFileName(this, tr("Choose a layer mapping file"), start,
                                        tr("YAML files (*.yaml *.yml);;All files (*)"));
        if (path.isEmpty())
            return;
        edit->setText(QDir::toNativeSeparators(path));
        m_settings->setValue(Settings::Key::LastDirectory, QFileInfo(path).absolutePath());
    });
    return edit;
}

OpenRequest OpenDialog::request() const
{
    OpenRequest r;
    r.npuPath = QDir::fromNativeSeparators(m_npu->text().trimmed());
    r.benchPath = QDir::fromNativeSeparators(m_bench->text().trimmed());
    r.options.fuzzy = m_fuzzy->isChecked();
    r.options.overflowCheck = m_overflow->isChecked();
    r.options.completeStack = m_completeStack->isChecked();
    r.options.layerMappingPath = QDir::fromNativeSeparators(m_mapping->text().trimmed()).toStdString();
    return r;
}

void OpenDialog::accept()
{
    const OpenRequest r = request();
    QString problem;
    if (!QFileInfo(r.npuPath).isDir())
        problem = tr("The NPU dump folder does not exist.");
    else if (!r.benchPath.isEmpty() && !QFileInfo(r.benchPath).isDir())
        problem = tr("The bench dump folder does not exist.");
    else if (!r.options.layerMappingPath.empty()
        && !QFileInfo(QString::fromStdString(r.options.layerMappingPath)).isFile())
        problem = tr("The layer mapping file does not exist.");
    if (!problem.isEmpty()) {
        QMessageBox::warning(this, windowTitle(), problem);
        return;
    }
    m_settings->setEngineOptions(r.options);
    QDialog::accept();
}

} // namespace psui
