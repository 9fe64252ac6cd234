#include "widgets/colorrangesdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace psui {

namespace {

QIcon swatch(const QString& hex)
{
    QPixmap pixmap(16, 16);
    pixmap.fill(QColor(hex));
    QPainter painter(&pixmap);
    painter.setPen(QColor(160, 160, 160));
    painter.drawRect(0, 0, 15, 15);
    return QIcon(pixmap);
}

QDoubleSpinBox* boundBox(QWidget* parent)
{
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(0, 1);
    box->setDecimals(5); // the plugin's limit
    box->setSingleStep(0.05);
    return box;
}

} // namespace

ColorRangesDialog::ColorRangesDialog(ps::CompareMode mode, const std::vector<ps::ColorBin>& ranges, QWidget* parent)
    : QDialog(parent)
    , m_mode(mode)
{
    setWindowTitle(tr("Colour ranges"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Nodes are coloured by their precision index: the first range with lower ≤ index < "
                                "upper (an index of 1 also fits a range ending at 1, 0 one starting at 0)."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_grid = new QGridLayout;
    m_grid->addWidget(new QLabel(tr("Colour"), this), 0, 0);
    m_grid->addWidget(new QLabel(tr("Lower bound"), this), 0, 1);
    m_grid->addWidget(new QLabel(tr("Upper bound"), this), 0, 2);
    layout->addLayout(m_grid);
    auto* unmatched = new QLabel(this);
    unmatched->setText(tr("%1 Not matched: always grey")
                           .arg(QStringLiteral("<span style=\"background:%1\">"
                                               "&nbsp;&nbsp;&nbsp;&nbsp;</span>")
                                    .arg(QString::fromLatin1(ps::kUnmatchedColor))));
    layout->addWidget(unmatched);
    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #B00020"));
    layout->addWidget(m_message);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_add = m_buttons->addButton(tr("Add range"), QDialogButtonBox::ActionRole);
    QPushButton* preset = m_buttons->addButton(tr("Preset"), QDialogButtonBox::ResetRole);
    preset->setToolTip(tr("msprobe's ranges for this comparison's mode"));
    connect(m_add, &QPushButton::clicked, this, &ColorRangesDialog::addRange);
    connect(preset, &QPushButton::clicked, this, &ColorRangesDialog::applyPreset);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(m_buttons);
    rebuildRows(ranges);
}

std::vector<ps::ColorBin> ColorRangesDialog::ranges() const
{
    std::vector<ps::ColorBin> out;
    for (const Row& r : m_rows)
        out.push_back({ r.colour->currentData().toString().toStdString(), r.lo->value(), r.hi->value(), false, {} });
    return out;
}

void ColorRangesDialog::setRanges(const std::vector<ps::ColorBin>& ranges)
{
    rebuildRows(ranges);
}

void ColorRangesDialog::setRange(int row, const QString& hex, double lo, double hi)
{
    std::vector<ps::ColorBin> edited = ranges();
    if (row < 0 || size_t(row) >= edited.size())
        return;
    edited[size_t(row)] = { hex.toStdString(), lo, hi, false, {} };
    rebuildRows(edited);
}

void ColorRangesDialog::addRange()
{
    std::vector<ps::ColorBin> edited = ranges();
    if (edited.size() >= ps::kMaxColorRanges)
        return;
    // The first colour no range uses yet, over the part of [0, 1] above the last range.
    const auto& palette = ps::colorPalette();
    auto unused = std::find_if(palette.begin(), palette.end(), [&](const char* hex) {
        return std::none_of(edited.begin(), edited.end(), [&](const ps::ColorBin& b) { return b.hex == hex; });
    });
    double lo = 0;
    for (const ps::ColorBin& b : edited)
        lo = std::max(lo, b.hi);
    edited.push_back({ unused == palette.end() ? palette.front() : *unused, lo, 1, false, {} });
    rebuildRows(edited);
}

void ColorRangesDialog::removeRange(int row)
{
    std::vector<ps::ColorBin> edited = ranges();
    if (row < 0 || size_t(row) >= edited.size())
        return;
    edited.erase(edited.begin() + row);
    rebuildRows(edited);
}

void ColorRangesDialog::applyPreset()
{
    rebuildRows(ps::rangesOf(ps::defaultColors(m_mode)));
}

QString ColorRangesDialog::problem() const
{
    return m_message->text();
}

QPushButton* ColorRangesDialog::okButton() const
{
    return m_buttons->button(QDialogButtonBox::Ok);
}

void ColorRangesDialog::rebuildRows(const std::vector<ps::ColorBin>& ranges)
{
    m_updating = true;
    for (Row& r : m_rows) {
        delete r.colour;
        delete r.lo;
        delete r.hi;
        delete r.remove;
    }
    m_rows.clear();
    for (size_t i = 0; i < ranges.size(); ++i) {
        Row r { new QComboBox(this), boundBox(this), boundBox(this), new QToolButton(this) };
        r.colour->addItem(swatch(QString::fromStdString(ranges[i].hex)), QString::fromStdString(ranges[i].hex),
            QString::fromStdString(ranges[i].hex));
        r.lo->setValue(ranges[i].lo);
        r.hi->setValue(ranges[i].hi);
        r.remove->setText(QStringLiteral("✕"));
        r.remove->setToolTip(tr("Remove this range"));
        const int row = int(i) + 1;
        m_grid->addWidget(r.colour, row, 0);
        m_grid->addWidget(r.lo, row, 1);
        m_grid->addWidget(r.hi, row, 2);
        m_grid->addWidget(r.remove, row, 3);
        connect(r.colour, &QComboBox::currentIndexChanged, this, [this]() {
            if (!m_updating)
                refreshColourChoices();
        });
        connect(r.lo, &QDoubleSpinBox::valueChanged, this, &ColorRangesDialog::validate);
        connect(r.hi, &QDoubleSpinBox::valueChanged, this, &ColorRangesDialog::validate);
        connect(r.remove, &QToolButton::clicked, this, [this, i]() { removeRange(int(i)); });
        m_rows.push_back(r);
    }
    m_updating = false;
    refreshColourChoices();
}

void ColorRangesDialog::refreshColourChoices()
{
    m_updating = true;
    const std::vector<ps::ColorBin> current = ranges();
    for (size_t i = 0; i < m_rows.size(); ++i) {
        QComboBox* combo = m_rows[i].colour;
        combo->clear();
        for (const char* hex : ps::colorPalette()) {
            bool usedElsewhere = false;
            for (size_t j = 0; j < current.size(); ++j)
                usedElsewhere = usedElsewhere || (j != i && current[j].hex == hex);
            if (!usedElsewhere || current[i].hex == hex)
                combo->addItem(swatch(QString::fromLatin1(hex)), QString::fromLatin1(hex), QString::fromLatin1(hex));
        }
        // A colour from elsewhere (a file's own legend) stays shown, and validation says it cannot be kept.
        int at = combo->findData(QString::fromStdString(current[i].hex));
        if (at < 0) {
            combo->addItem(swatch(QString::fromStdString(current[i].hex)), QString::fromStdString(current[i].hex),
                QString::fromStdString(current[i].hex));
            at = combo->count() - 1;
        }
        combo->setCurrentIndex(at);
    }
    m_updating = false;
    validate();
}

void ColorRangesDialog::validate()
{
    const std::string problem = ps::colorRangesProblem(ranges());
    m_message->setText(problem.empty() ? QString() : QString::fromStdString(problem));
    okButton()->setEnabled(problem.empty());
    m_add->setEnabled(m_rows.size() < ps::kMaxColorRanges);
}

} // namespace psui
