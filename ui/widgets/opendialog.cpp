#include "widgets/opendialog.h"

#include "session/loadjob.h"
#include "session/settings.h"
#include "util/error.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QSpinBox>
#include <QToolButton>

#include <algorithm>

namespace psui {

namespace {

// The rules selector's choices: msprobe 1.2, msprobe 26 as written since the 26.1 line, or msprobe 26 as its
// 26.0.0 release writes it (the same verdicts, numbers rounded); the first two are RulesProfile's values.
constexpr int kRules26Release2600 = 2;

int rulesChoice(const ps::EngineOptions& o)
{
    if (o.profile == ps::RulesProfile::Msprobe26 && o.msprobe26Release == ps::Msprobe26Release::V26_0_0)
        return kRules26Release2600;
    return int(o.profile);
}

void applyRulesChoice(ps::EngineOptions& o, int choice)
{
    o.profile
        = choice == int(ps::RulesProfile::Msprobe121) ? ps::RulesProfile::Msprobe121 : ps::RulesProfile::Msprobe26;
    o.msprobe26Release = choice == kRules26Release2600 ? ps::Msprobe26Release::V26_0_0 : ps::Msprobe26Release::V26_1;
}

} // namespace

OpenDialog::OpenDialog(Settings* settings, QWidget* parent)
    : QDialog(parent)
    , m_settings(settings)
{
    setWindowTitle(tr("Open comparison"));
    auto* form = new QFormLayout;
    m_npu = addPathRow(form, tr("NPU dump folder:"), true);
    m_bench = addPathRow(form, tr("Bench dump folder (optional):"), true);
    m_bench->setPlaceholderText(tr("empty: build the NPU graph only"));
    m_npu->setObjectName(QStringLiteral("npuPath"));
    m_bench->setObjectName(QStringLiteral("benchPath"));
    m_mapping = addPathRow(form, tr("Layer mapping file (optional):"), false);
    m_reference = addPathRow(form, tr("Truth run (optional):"), true);
    m_reference->setObjectName(QStringLiteral("referencePath"));
    m_reference->setPlaceholderText(tr("the same step in higher precision, e.g. fp64 on a CPU"));
    m_reference->setToolTip(tr("A third dump of the same step in higher precision. Each node's output is judged "
                               "against it on both sides: is the NPU worse than the bench, or are both off? "
                               "(View it with Colour by: against the truth run.)"));
    m_rules = new QComboBox(this);
    m_rules->setObjectName(QStringLiteral("rules"));
    m_rules->addItem(tr("msprobe 26.0: pass / warning / error verdicts"), int(ps::RulesProfile::Msprobe26));
    m_rules->addItem(
        tr("msprobe 26.0 as its 26.0.0 release writes it: numbers rounded to 6 decimals"), kRules26Release2600);
    m_rules->addItem(tr("msprobe 1.2: relative-error bins"), int(ps::RulesProfile::Msprobe121));
    m_rules->setToolTip(tr("The rules that match, rate and colour the nodes: msprobe 26.0's graph_visualize (what "
                           "today's plugin opens, .vis.db) or msprobe 1.2's graph (.vis). The 26.0.0 release rates "
                           "alike but rounds the data's numbers to 6 decimals in the details and exported files; "
                           "the 26.1 line and msprobe's master write them unrounded."));
    form->addRow(tr("Rules:"), m_rules);
    m_fuzzy = new QCheckBox(tr("Fuzzy matching (-f)"), this);
    m_overflow = new QCheckBox(tr("Overflow check (-oc)"), this);
    m_completeStack = new QCheckBox(tr("Complete call stacks (-cs)"), this);
    form->addRow(m_fuzzy);
    form->addRow(m_overflow);
    form->addRow(m_completeStack);
    m_layout = makeLayoutBox();
    form->addRow(m_layout);
    connect(m_npu, &QLineEdit::editingFinished, this, [this]() { prefillRanks(0); });
    connect(m_bench, &QLineEdit::editingFinished, this, [this]() { prefillRanks(1); });

    const OpenOptions options = settings->openOptions();
    const ps::EngineOptions& o = options.engine;
    m_fuzzy->setChecked(o.fuzzy);
    m_overflow->setChecked(o.overflowCheck);
    m_completeStack->setChecked(o.completeStack);
    m_mapping->setText(options.layerMappingFile);
    m_rules->setCurrentIndex(m_rules->findData(rulesChoice(o)));

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
        QString start = edit->text();
        if (start.isEmpty())
            start
                = m_startFolder.isEmpty() ? m_settings->value(Settings::Key::LastDirectory).toString() : m_startFolder;
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

QGroupBox* OpenDialog::makeLayoutBox()
{
    auto* box = new QGroupBox(tr("Parallel layout: merge the ranks (msprobe 26.0.0 rules)"), this);
    box->setObjectName(QStringLiteral("parallelLayout"));
    box->setCheckable(true);
    box->setChecked(false);
    box->setToolTip(tr("For runs split by tensor or pipeline parallelism: each side's rank folders are merged into "
                       "one graph before matching (rank count = tp × pp × dp)."));
    auto* grid = new QGridLayout(box);
    const QStringList columns { tr("Ranks"), tr("TP"), tr("PP"), tr("VPP") };
    for (int c = 0; c < columns.size(); ++c)
        grid->addWidget(new QLabel(columns[c], box), 0, c + 1, Qt::AlignCenter);
    for (int side = 0; side < 2; ++side) {
        grid->addWidget(new QLabel(side == 0 ? tr("NPU") : tr("Bench"), box), side + 1, 0);
        for (int c = 0; c < 4; ++c) {
            auto* spin = new QSpinBox(box);
            spin->setRange(1, c == 3 ? 64 : ps::kMaxRanks);
            spin->setObjectName(QStringLiteral("layout_%1_%2").arg(side).arg(c));
            m_sides[size_t(side)].spins[size_t(c)] = spin;
            grid->addWidget(spin, side + 1, c + 1);
        }
    }
    connect(box, &QGroupBox::toggled, this, [this](bool on) {
        // The parallel merge exists in msprobe 26 only (either release).
        if (on && m_rules->currentData().toInt() == int(ps::RulesProfile::Msprobe121))
            m_rules->setCurrentIndex(m_rules->findData(int(ps::RulesProfile::Msprobe26)));
        m_rules->setEnabled(!on);
        if (on) {
            prefillRanks(0);
            prefillRanks(1);
        }
    });
    return box;
}

void OpenDialog::prefillRanks(int side)
{
    const QString folder = QDir::fromNativeSeparators((side == 0 ? m_npu : m_bench)->text().trimmed());
    const int ranks = LoadJob::rankFolderCount(folder);
    if (ranks > 0)
        m_sides[size_t(side)].spins[0]->setValue(ranks);
}

OpenRequest OpenDialog::request() const
{
    OpenRequest r;
    r.npuPath = QDir::fromNativeSeparators(m_npu->text().trimmed());
    r.benchPath = QDir::fromNativeSeparators(m_bench->text().trimmed());
    r.options.fuzzy = m_fuzzy->isChecked();
    r.options.overflowCheck = m_overflow->isChecked();
    r.options.completeStack = m_completeStack->isChecked();
    r.layerMappingFile = QDir::fromNativeSeparators(m_mapping->text().trimmed());
    r.referencePath = QDir::fromNativeSeparators(m_reference->text().trimmed());
    applyRulesChoice(r.options, m_rules->currentData().toInt());
    if (m_layout->isChecked()) {
        // The merge is msprobe 26.0.0's: its rules, one layout per side.
        r.options.profile = ps::RulesProfile::Msprobe26;
        for (int side = 0; side < (r.benchPath.isEmpty() ? 1 : 2); ++side) {
            const auto& s = m_sides[size_t(side)].spins;
            r.options.parallel.push_back({ s[0]->value(), s[1]->value(), s[2]->value(), s[3]->value() });
        }
    }
    return r;
}

QString OpenDialog::problem() const
{
    const OpenRequest r = request();
    QString problem;
    if (!QFileInfo(r.npuPath).isDir())
        problem = tr("The NPU dump folder does not exist.");
    else if (!r.benchPath.isEmpty() && !QFileInfo(r.benchPath).isDir())
        problem = tr("The bench dump folder does not exist.");
    else if (!r.layerMappingFile.isEmpty() && !QFileInfo(r.layerMappingFile).isFile())
        problem = tr("The layer mapping file does not exist.");
    else if (!r.referencePath.isEmpty() && !QFileInfo(r.referencePath).isDir())
        problem = tr("The truth run's dump folder does not exist.");
    else if (!r.referencePath.isEmpty() && r.benchPath.isEmpty())
        problem = tr("A truth run judges a comparison: give the bench dump folder too.");
    for (size_t side = 0; side < r.options.parallel.size() && problem.isEmpty(); ++side) {
        try {
            ps::checkLayout(r.options.parallel[side]);
        } catch (const ps::Error& e) {
            problem = (side == 0 ? tr("NPU parallel layout: %1") : tr("Bench parallel layout: %1"))
                          .arg(QString::fromStdString(e.detail()));
        }
    }
    return problem;
}

void OpenDialog::setRequest(const OpenRequest& shown)
{
    if (shown.visPath.isEmpty()) {
        // compare.json's folders may be relative to it.
        const QDir base = shown.compareJson.isEmpty() ? QDir::current() : QFileInfo(shown.compareJson).absoluteDir();
        const auto absolute = [&base](const QString& path) {
            return path.isEmpty() ? path : QDir::toNativeSeparators(QDir::cleanPath(base.absoluteFilePath(path)));
        };
        m_npu->setText(absolute(shown.npuPath));
        m_bench->setText(absolute(shown.benchPath));
        m_mapping->setText(QDir::toNativeSeparators(shown.layerMappingFile));
        m_reference->setText(QDir::toNativeSeparators(shown.referencePath));
    }
    const ps::EngineOptions& o = shown.options;
    m_fuzzy->setChecked(o.fuzzy);
    m_overflow->setChecked(o.overflowCheck);
    m_completeStack->setChecked(o.completeStack);
    m_rules->setCurrentIndex(m_rules->findData(rulesChoice(o)));
    m_layout->setChecked(!o.parallel.empty());
    for (size_t side = 0; side < std::min<size_t>(2, o.parallel.size()); ++side) {
        const ps::ParallelLayout& l = o.parallel[side];
        const auto& spins = m_sides[side].spins;
        spins[0]->setValue(l.rankSize);
        spins[1]->setValue(l.tp);
        spins[2]->setValue(l.pp);
        spins[3]->setValue(l.vpp);
    }
}

void OpenDialog::setStartFolder(const QString& folder)
{
    m_startFolder = folder;
}

void OpenDialog::accept()
{
    if (const QString why = problem(); !why.isEmpty()) {
        QMessageBox::warning(this, windowTitle(), why);
        return;
    }
    m_settings->setOpenOptions({ request().options, request().layerMappingFile });
    QDialog::accept();
}

} // namespace psui
