#include "models/nodedetailsmodel.h"

#include "compare/real_rows.h"
#include "models/noisefloor.h"
#include "models/roles.h"
#include "vis/item_format.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace psui {

NodeDetailsModel::NodeDetailsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

NodeDetailsModel::~NodeDetailsModel() = default;

void NodeDetailsModel::clear()
{
    beginResetModel();
    m_snapshot.reset();
    m_keys.clear();
    m_toolTips.clear();
    m_rows.clear();
    endResetModel();
}

int NodeDetailsModel::columnOf(const QString& key)
{
    qsizetype c = m_keys.indexOf(key);
    if (c >= 0)
        return int(c);
    m_keys.append(key);
    return int(m_keys.size() - 1);
}

void NodeDetailsModel::addItems(Side side, NodeId node, bool outputs, std::vector<std::vector<Row>>& pairs)
{
    if (node == ps::kNoNode || !m_snapshot->hasSide(side))
        return;
    const ps::Graph& g = m_snapshot->graph(side);
    if (!g.dump)
        return;
    const ps::Comparison& c = *m_snapshot->comparison;
    auto items = outputs ? g.outputItems(node) : g.inputItems(node);
    for (size_t i = 0; i < items.size(); ++i) {
        const ps::DumpItem& item = g.dump->items[items[i]];
        const bool npu = side == Side::Npu && c.isCompare;
        // The fields as the rules in use write them (26: with Result and Err_message; unrounded after 26.0.0).
        ps::FormattedItem fields = ps::formatItem(*g.dump, item, npu ? c.metricKeys() : std::span<const char* const>(),
            (npu ? c.metricsOf(items[i]) : ps::MetricRow()).span(), c.profile, c.mode == ps::CompareMode::Md5,
            c.msprobe26Release);
        Row row { side, {}, false, {}, {}, {} };
        row.pair = itemSlot(g, node, items[i]);
        if (row.pair.isEmpty())
            row.pair = (outputs ? QStringLiteral("output.") : QStringLiteral("input.")) + QString::number(i);
        if (c.mode == ps::CompareMode::Real)
            row.tensorPath = QString::fromStdString(ps::RealRows::tensorPathOf(*g.dump, items[i]));
        for (const auto& [k, v] : fields) {
            if (k == "data_name")
                continue;
            size_t col = size_t(columnOf(QString::fromUtf8(k)));
            if (row.values.size() <= col)
                row.values.resize(col + 1);
            row.values[col] = QString::fromUtf8(v);
        }
        if (pairs.size() <= i)
            pairs.resize(i + 1);
        pairs[i].push_back(std::move(row));
    }
}

void NodeDetailsModel::setNodes(std::shared_ptr<const Snapshot> snapshot, NodeId npu, NodeId bench)
{
    beginResetModel();
    m_snapshot = std::move(snapshot);
    m_keys.clear();
    m_rows.clear();
    if (m_snapshot && m_snapshot->comparison) {
        // step 1: inputs then outputs, each side's items paired by position
        for (bool outputs : { false, true }) {
            std::vector<std::vector<Row>> pairs;
            addItems(Side::Npu, npu, outputs, pairs);
            addItems(Side::Bench, bench, outputs, pairs);
            for (auto& pair : pairs) {
                if (pair.size() == 2 && pair[0].side == Side::Npu)
                    markNearZero(pair[0], pair[1]);
                const int first = int(m_rows.size());
                for (size_t k = 0; k < pair.size(); ++k) {
                    Row& r = pair[k];
                    r.paired = pair.size() == 2;
                    if (r.paired)
                        r.partner = first + (k == 0 ? 1 : 0);
                    m_rows.push_back(std::move(r));
                }
            }
        }
        // step 2: square the rows and mark suspicious metric cells
        for (Row& r : m_rows) {
            r.values.resize(size_t(m_keys.size()));
            r.nearZero.resize(size_t(m_keys.size()), false);
            markSuspicious(r);
        }
        dropPlaceholderMd5();
        // step 3: the metric explanations become column tooltips, in the UI's language
        m_toolTips = QStringList(m_keys.size(), QString());
        for (qsizetype c = 0; c < m_keys.size(); ++c)
            m_toolTips[c] = metricExplanation(m_keys[c]);
    }
    endResetModel();
}

void NodeDetailsModel::markSuspicious(Row& row) const
{
    row.bins.assign(row.values.size(), -1);
    if (row.side != Side::Npu)
        return;
    for (size_t c = 0; c < row.values.size(); ++c)
        row.bins[c] = int8_t(metricCellBin(*m_snapshot, m_keys[qsizetype(c)], row.values[c]));
}

void NodeDetailsModel::dropPlaceholderMd5()
{
    // msprobe 1.2.1 writes "md5": "00000000" into every item outside md5 mode: a column that says nothing.
    const qsizetype c = m_keys.indexOf(QStringLiteral("md5"));
    if (c < 0 || m_snapshot->comparison->mode == ps::CompareMode::Md5)
        return;
    for (const Row& r : m_rows) {
        const QString& v = r.values[size_t(c)];
        if (std::any_of(v.begin(), v.end(), [](QChar ch) { return ch != QLatin1Char('0'); }))
            return;
    }
    m_keys.removeAt(c);
    for (Row& r : m_rows) {
        r.values.erase(r.values.begin() + c);
        r.bins.erase(r.bins.begin() + c);
        r.nearZero.erase(r.nearZero.begin() + c);
    }
}

void NodeDetailsModel::markNearZero(Row& npu, const Row& bench) const
{
    if (m_snapshot->comparison->mode != ps::CompareMode::Summary)
        return;
    auto benchValue = [this, &bench](const QString& key, bool* ok) {
        const qsizetype c = m_keys.indexOf(key);
        *ok = false;
        return c >= 0 && size_t(c) < bench.values.size() ? bench.values[size_t(c)].toDouble(ok) : 0.0;
    };
    bool okMax = false, okMin = false;
    const double max = benchValue(QStringLiteral("Max"), &okMax);
    const double min = benchValue(QStringLiteral("Min"), &okMin);
    if (!okMax && !okMin)
        return;
    const double magnitude = std::max(okMax ? std::fabs(max) : 0.0, okMin ? std::fabs(min) : 0.0);
    npu.nearZero.assign(npu.values.size(), false);
    for (size_t c = 0; c < npu.values.size(); ++c) {
        const QString statistic = benchStatisticOf(m_keys[qsizetype(c)]);
        bool ok = false;
        const double value = statistic.isEmpty() ? 0.0 : benchValue(statistic, &ok);
        QString relative = npu.values[c];
        relative.remove(QLatin1Char('%'));
        bool isNumber = false;
        relative.toDouble(&isNumber); // "N/A" (a zero bench) says itself that there is nothing to divide by
        npu.nearZero[c] = ok && isNumber && belowNoiseFloor(value, magnitude);
    }
}

QString NodeDetailsModel::colourDriver(bool* nearZero) const
{
    if (nearZero)
        *nearZero = false;
    if (!m_snapshot || !m_snapshot->comparison || m_snapshot->comparison->mode != ps::CompareMode::Summary
        || m_snapshot->comparison->profile != ps::RulesProfile::Msprobe121)
        return {};
    // msprobe 1.2.1: the node's precision is the largest relative error of its outputs (NaN and inf win).
    const Row* bestRow = nullptr;
    size_t bestColumn = 0;
    double best = -1;
    for (const Row& row : m_rows) {
        if (row.side != Side::Npu || !row.pair.startsWith(QLatin1String("output")))
            continue;
        for (size_t c = 0; c < row.values.size(); ++c) {
            if (benchStatisticOf(m_keys[qsizetype(c)]).isEmpty())
                continue;
            QString text = row.values[c].trimmed();
            text.remove(QLatin1Char('%'));
            bool ok = false;
            double x = std::fabs(text.toDouble(&ok));
            if (!ok)
                continue;
            if (std::isnan(x))
                x = std::numeric_limits<double>::infinity();
            if (x > best) {
                best = x;
                bestRow = &row;
                bestColumn = c;
            }
        }
    }
    if (!bestRow)
        return {};
    if (nearZero)
        *nearZero = bestRow->nearZero.size() > bestColumn && bestRow->nearZero[bestColumn];
    return tr("%1 of %2 (%3)").arg(m_keys[qsizetype(bestColumn)], bestRow->pair, bestRow->values[bestColumn]);
}

NodeDetailsModel::TensorFiles NodeDetailsModel::tensorFilesOf(int row) const
{
    if (row < 0 || size_t(row) >= m_rows.size() || m_rows[size_t(row)].partner < 0)
        return {};
    const Row& a = m_rows[size_t(row)];
    const Row& b = m_rows[size_t(a.partner)];
    const Row& npu = a.side == Side::Npu ? a : b;
    const Row& bench = a.side == Side::Npu ? b : a;
    return { npu.tensorPath, bench.tensorPath, npu.pair };
}

int NodeDetailsModel::nearZeroCellCount() const
{
    int n = 0;
    for (const Row& r : m_rows)
        n += int(std::count(r.nearZero.begin(), r.nearZero.end(), true));
    return n;
}

QString NodeDetailsModel::metricExplanation(const QString& key)
{
    // msprobe's ToolTip texts (core/vis/colors.cpp writes them, in Chinese, into .vis files) and the other
    // metric columns, through tr().
    static const char* const kTexts[][2] = {
        { "Max diff", QT_TR_NOOP("The difference between the NPU and bench maximum values") },
        { "Min diff", QT_TR_NOOP("The difference between the NPU and bench minimum values") },
        { "Mean diff", QT_TR_NOOP("The difference between the NPU and bench mean values") },
        { "L2norm diff", QT_TR_NOOP("The difference between the NPU and bench L2 norms") },
        { "MaxRelativeErr",
            QT_TR_NOOP("Statistics: |Max diff / bench Max|. Real data: the largest relative error of an element; the "
                       "closer to 0 the better (inf or NaN when the data holds 0 or NaN)") },
        { "MinRelativeErr", QT_TR_NOOP("|Min diff / bench Min|, as a percentage") },
        { "MeanRelativeErr", QT_TR_NOOP("|Mean diff / bench Mean|, as a percentage") },
        { "NormRelativeErr", QT_TR_NOOP("|L2norm diff / bench L2 norm|, as a percentage") },
        { "md5", QT_TR_NOOP("The md5 of the data, to tell whether two tensors are exactly equal") },
        { "Result",
            QT_TR_NOOP("msprobe 26.0 rules: the row's verdict (pass, warning, error). msprobe 1.2 md5 mode: pass when "
                       "the NPU and bench md5 are equal, diff when they differ") },
        { "Err_message", QT_TR_NOOP("msprobe 26.0 rules: why the row is not a pass, one message per failed rule") },
        { "Requires_grad Consistent", QT_TR_NOOP("Whether the NPU and bench tensors agree on requires_grad") },
        { "One Thousandth Err Ratio",
            QT_TR_NOOP("The share of elements whose relative error against the bench is below 0.1%; the closer to 1 "
                       "the better") },
        { "Five Thousandths Err Ratio",
            QT_TR_NOOP("The share of elements whose relative error against the bench is below 0.5%; the closer to 1 "
                       "the better") },
        { "Cosine",
            QT_TR_NOOP("The cosine similarity of the two tensors; the closer to 1 the more alike (acceptable above "
                       "0.99). NaN when one of them is all zeros") },
        { "MaxAbsErr",
            QT_TR_NOOP(
                "The largest absolute error of an element; the closer to 0 the better (acceptable below 0.001)") },
    };
    for (const auto& [name, text] : kTexts)
        if (key == QLatin1String(name))
            return tr(text);
    return {};
}

QString itemSlot(const ps::Graph& g, NodeId node, uint32_t item)
{
    const QString key = QString::fromStdString(g.dump->itemKey(g.dump->items[item]));
    const QString nodeName = QString::fromUtf8(g.nameOf(node));
    if (key == nodeName)
        return {}; // no slot of its own: the table numbers it
    return key.startsWith(nodeName + QLatin1Char('.')) ? key.mid(nodeName.size() + 1) : key;
}

int metricCellBin(const Snapshot& snapshot, const QString& key, const QString& value)
{
    if (snapshot.bins.empty() || value.isEmpty())
        return -1;
    const int worst = snapshot.worstValueBin();
    const QString v = value.trimmed().toLower();
    const bool nonFinite = v.contains(QLatin1String("nan")) || v.contains(QLatin1String("inf"));
    const ps::CompareMode mode = snapshot.comparison->mode;
    if (snapshot.comparison->profile == ps::RulesProfile::Msprobe26) {
        // msprobe 26.0.0 says itself which rows failed: their Result and Err_message take the verdict's colour.
        std::optional<ps::Verdict> verdict;
        if (key == QLatin1String("Result"))
            verdict = ps::verdictOfName(v.toStdString());
        else if (key == QLatin1String("Err_message"))
            verdict = v.contains(QLatin1String("error:")) ? ps::Verdict::Error
                : v.contains(QLatin1String("warning:"))   ? ps::Verdict::Warning
                                                          : ps::Verdict::Pass;
        else if ((key == QLatin1String("Max") || key == QLatin1String("Min")) && nonFinite)
            return worst;
        if (!verdict || *verdict == ps::Verdict::Pass)
            return -1;
        return binOfPrecision(snapshot.bins, *verdict == ps::Verdict::Error ? 1.0 : 0.5);
    }
    if (mode == ps::CompareMode::Md5) {
        if (key == QLatin1String("Result"))
            return v == QLatin1String("pass") ? -1 : worst;
        return -1;
    }
    if ((key == QLatin1String("Max") || key == QLatin1String("Min")) && nonFinite)
        return worst;
    QString number = v;
    number.remove(QLatin1Char('%'));
    bool ok = false;
    double x = number.toDouble(&ok);
    if (mode == ps::CompareMode::Summary && key.endsWith(QLatin1String("RelativeErr"))) {
        if (nonFinite)
            return worst;
        if (!ok)
            return -1;
        int bin = binOfPrecision(snapshot.bins, std::min(1.0, std::fabs(x) / 100.0));
        // Only the upper half of the value bins counts as suspicious (bins 2..4 of msprobe's five).
        const int valueBins = int(snapshot.bins.size()) - (snapshot.unmatchedBin >= 0 ? 1 : 0);
        return snapshot.isValueBin(bin) && bin >= valueBins / 2 ? bin : -1;
    }
    if (mode == ps::CompareMode::Real) {
        if (nonFinite)
            return worst;
        if (!ok)
            return -1;
        if (key == QLatin1String("Cosine"))
            return x < 0.99 ? worst : -1;
        if (key == QLatin1String("MaxAbsErr"))
            return x > 0.001 ? worst : -1;
        if (key.endsWith(QLatin1String("Err Ratio")))
            return x < 0.99 ? worst : -1;
    }
    return -1;
}

int NodeDetailsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int NodeDetailsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_keys.size()) + 2;
}

QVariant NodeDetailsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || size_t(index.row()) >= m_rows.size())
        return {};
    const Row& row = m_rows[size_t(index.row())];
    const int c = index.column() - 2;
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == 0)
            return row.side == Side::Npu ? tr("NPU") : tr("Bench");
        if (index.column() == 1)
            return row.pair;
        return c < int(row.values.size()) ? row.values[size_t(c)] : QString();
    case Qt::ToolTipRole:
        if (c >= 0 && c < int(row.nearZero.size()) && row.nearZero[size_t(c)])
            return QString(m_toolTips.value(c) % QStringLiteral("\n\n") % row.values[size_t(c)] % QStringLiteral("\n")
                % tr("≈0: the bench %1 is below the noise floor (|bench| < 1e-6 × the tensor's largest |Max|, |Min|, "
                     "or < 1e-12): this relative error divides by almost nothing.")
                      .arg(benchStatisticOf(m_keys[c])));
        if (c >= 0 && c < int(m_toolTips.size()) && !m_toolTips[c].isEmpty())
            return QString(m_toolTips[c] % QStringLiteral("\n\n") % row.values[size_t(c)]);
        return data(index, Qt::DisplayRole);
    case SideRole:
        return int(row.side);
    case MatchedRole:
        return row.paired;
    case BinRole:
        return c >= 0 && c < int(row.bins.size()) ? int(row.bins[size_t(c)]) : -1;
    case NearZeroRole:
        return c >= 0 && c < int(row.nearZero.size()) && row.nearZero[size_t(c)];
    }
    return {};
}

QVariant NodeDetailsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        if (section == 0)
            return tr("Side");
        if (section == 1)
            return tr("Slot");
        return section - 2 < m_keys.size() ? m_keys[section - 2] : QString();
    }
    if (role == Qt::ToolTipRole && section >= 2 && section - 2 < m_toolTips.size())
        return m_toolTips[section - 2];
    return {};
}

QString NodeDetailsModel::toText() const
{
    QStringList lines;
    QStringList header;
    for (int c = 0; c < columnCount(); ++c)
        header << headerData(c, Qt::Horizontal).toString();
    lines << header.join(QLatin1Char('\t'));
    for (int r = 0; r < rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < columnCount(); ++c)
            cells << data(index(r, c)).toString();
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n'));
}

int NodeDetailsModel::suspiciousCellCount() const
{
    int n = 0;
    for (const Row& r : m_rows)
        for (int8_t b : r.bins)
            n += b >= 0;
    return n;
}

} // namespace psui
