// msprobe 26.0.0's verdict rules (core/compare/indicator_analysis/algorithm.py), one data row per rule: which rows
// of a node a rule marks, at which level, with which message, and what the exempt APIs escape.
#include "compare/comparison.h"
#include "compare/verdict_rules.h"

#include <QtTest>

#include <functional>

using namespace ps;

namespace {

// A paired float32 tensor row that passes every rule; each case changes what it is about.
VerdictRow row(const std::string& name, bool output)
{
    VerdictRow r;
    r.npuName = name;
    r.isOutput = output;
    r.benchName = name;
    r.npuDtype = r.benchDtype = "torch.float32";
    r.shapesKnown = r.shapesEqual = true;
    r.npuRequiresGrad = r.benchRequiresGrad = std::string("False");
    r.maxEqual = true;
    r.normRelativeErr = PyScalar::str("0.0%");
    r.cosine = PyScalar::real(1.0);
    r.oneThousandth = PyScalar::real(1.0);
    r.npuMd5 = r.benchMd5 = "1a2b3c4d";
    return r;
}

VerdictRow in(const std::string& api = "Functional.linear.0.forward")
{
    return row(api + ".input.0", false);
}
VerdictRow out(const std::string& api = "Functional.linear.0.forward")
{
    return row(api + ".output.0", true);
}

// An NPU item without bench partner, as msprobe's table holds it: every bench column "Nan".
VerdictRow unpaired(VerdictRow r)
{
    r.benchName = r.benchDtype = r.benchMd5 = "Nan";
    r.benchRequiresGrad = std::string("Nan");
    r.shapesEqual = false;
    r.benchStatInfNan = true;
    r.maxEqual = false;
    r.normRelativeErr = PyScalar::str(" ");
    return r;
}

VerdictRow norm(VerdictRow r, const char* value)
{
    r.normRelativeErr = PyScalar::str(value);
    return r;
}

struct Case {
    CompareMode mode;
    std::function<std::vector<VerdictRow>()> rows;
    Verdict node;
    std::vector<std::vector<Reason>> reasons; // per row
};

std::vector<Case>& cases()
{
    static std::vector<Case> all;
    return all;
}

} // namespace

Q_DECLARE_METATYPE(Verdict)

class TestVerdictRules : public QObject {
    Q_OBJECT
private:
    void add(const char* spec, Case c)
    {
        cases().push_back(std::move(c));
        QTest::newRow(spec) << int(cases().size() - 1);
    }

private slots:
    void rules_data()
    {
        QTest::addColumn<int>("index");
        using R = Reason;
        const auto S = CompareMode::Summary, T = CompareMode::Real, M = CompareMode::Md5;
        add("statistics: equal rows pass with no message",
            { S,
                [] {
                    return std::vector { in(), out() };
                },
                Verdict::Pass, { {}, {} } });
        add("statistics: npu Max inf while bench is finite is an error",
            { S,
                [] {
                    VerdictRow o = out();
                    o.npuStatInfNan = true;
                    return std::vector { in(), o };
                },
                Verdict::Error, { {}, { R::InfNan } } });
        add("statistics: inf/nan on both sides is no error",
            { S,
                [] {
                    VerdictRow o = out();
                    o.npuStatInfNan = o.benchStatInfNan = true;
                    return std::vector { in(), o };
                },
                Verdict::Pass, { {}, {} } });
        add("statistics: inputs within 10 % and an output beyond 50 % is an error, also 10 times the inputs",
            { S,
                [] {
                    return std::vector { norm(in(), "5.0%"), norm(out(), "60.0%") };
                },
                Verdict::Error, { {}, { R::NormRelativeErr, R::NormRelativeWarn } } });
        add("statistics: inputs at 0 % and the output beyond 10 % is a warning",
            { S,
                [] {
                    return std::vector { norm(in(), "0.0%"), norm(out(), "11.0%") };
                },
                Verdict::Warning, { {}, { R::NormRelativeWarn } } });
        add("statistics: output less than 10 times the inputs passes",
            { S,
                [] {
                    return std::vector { norm(in(), "2.0%"), norm(out(), "15.0%") };
                },
                Verdict::Pass, { {}, {} } });
        add("statistics: inputs beyond 10 % never give the 50 % error",
            { S,
                [] {
                    return std::vector { norm(in(), "20.0%"), norm(out(), "90.0%") };
                },
                Verdict::Pass, { {}, {} } });
        add("statistics: N/A and Nan relative errors are skipped",
            { S,
                [] {
                    return std::vector { norm(in(), "N/A"), norm(in(), "Nan"), norm(out(), "5.0%") };
                },
                Verdict::Pass, { {}, {}, {} } });
        add("statistics: the warning goes on the first output only",
            { S,
                [] {
                    return std::vector { norm(in(), "1.0%"), norm(out(), "1.0%"),
                        norm(row("Functional.linear.0.forward.output.1", true), "20.0%") };
                },
                Verdict::Warning, { {}, { R::NormRelativeWarn }, {} } });
        add("statistics: requires_grad differs is an error",
            { S,
                [] {
                    VerdictRow i = in();
                    i.benchRequiresGrad = std::string("True");
                    return std::vector { i, out() };
                },
                Verdict::Error, { { R::RequiresGrad }, {} } });
        add("statistics: requires_grad missing on one side is no error",
            { S,
                [] {
                    VerdictRow i = in();
                    i.benchRequiresGrad.reset();
                    return std::vector { i, out() };
                },
                Verdict::Pass, { {}, {} } });
        add("statistics: a non-tensor scalar argument that differs is an error",
            { S,
                [] {
                    VerdictRow i = in();
                    i.npuDtype = i.benchDtype = "<class 'int'>";
                    i.npuShapeIsEmptyList = true;
                    i.maxEqual = false;
                    return std::vector { i, out() };
                },
                Verdict::Error, { { R::ScalarParameter }, {} } });
        add("statistics: scalar outputs are not checked as parameters",
            { S,
                [] {
                    VerdictRow o = out();
                    o.npuDtype = o.benchDtype = "<class 'int'>";
                    o.npuShapeIsEmptyList = true;
                    o.maxEqual = false;
                    return std::vector { in(), o };
                },
                Verdict::Pass, { {}, {} } });
        add("statistics: dtype differs is an error",
            { S,
                [] {
                    VerdictRow o = out();
                    o.npuDtype = "torch.bfloat16";
                    return std::vector { in(), o };
                },
                Verdict::Error, { {}, { R::Dtype } } });
        add("statistics: dtype of fused qkv weights may differ",
            { S,
                [] {
                    VerdictRow i = in();
                    i.npuDtype = "torch.bfloat16";
                    i.benchName = "Module.attn.qkv.Linear.forward.0.parameters.weight";
                    return std::vector { i, out() };
                },
                Verdict::Pass, { {}, {} } });
        add("statistics: shape differs is an error",
            { S,
                [] {
                    VerdictRow o = out();
                    o.shapesEqual = false;
                    return std::vector { in(), o };
                },
                Verdict::Error, { {}, { R::Shape } } });
        add("statistics: an item without bench partner differs in requires_grad, dtype and shape",
            { S,
                [] {
                    return std::vector { in(), unpaired(out()) };
                },
                Verdict::Error, { {}, { R::RequiresGrad, R::Dtype, R::Shape } } });
        add("statistics: empty and similar APIs are exempt from every rule",
            { S,
                [] {
                    VerdictRow o = out("Torch.empty.0.forward");
                    o.npuDtype = "torch.bfloat16";
                    o.npuStatInfNan = true;
                    return std::vector { in("Torch.empty.0.forward"), o };
                },
                Verdict::Pass, { {}, {} } });
        add("statistics: _all_gather_base's inputs are exempt, its outputs are not",
            { S,
                [] {
                    VerdictRow i = in("Distributed._all_gather_base.0.forward"),
                               o = out("Distributed._all_gather_base.0.forward");
                    i.npuDtype = o.npuDtype = "torch.bfloat16";
                    return std::vector { i, o };
                },
                Verdict::Error, { {}, { R::Dtype } } });
        add("tensor: inputs above 0.9 One Thousandth and an output below 0.1 is an error",
            { T,
                [] {
                    VerdictRow i = in(), o = out();
                    i.oneThousandth = PyScalar::real(0.95);
                    o.oneThousandth = PyScalar::real(0.05);
                    return std::vector { i, o };
                },
                Verdict::Error, { {}, { R::OneThousandth } } });
        add("tensor: Cosine dropping by more than 0.1 from inputs above 0.9 is a warning",
            { T,
                [] {
                    VerdictRow i = in(), o = out();
                    i.cosine = PyScalar::real(0.99);
                    o.cosine = PyScalar::real(0.8);
                    return std::vector { i, o };
                },
                Verdict::Warning, { {}, { R::CosineWarn } } });
        add("tensor: unsupported metrics are skipped",
            { T,
                [] {
                    VerdictRow i = in(), o = out();
                    i.cosine = i.oneThousandth = PyScalar::str("unsupported");
                    o.cosine = o.oneThousandth = PyScalar::str("N/A");
                    return std::vector { i, o };
                },
                Verdict::Pass, { {}, {} } });
        add("tensor: the statistics relative-error rules do not apply",
            { T,
                [] {
                    return std::vector { norm(in(), "0.0%"), norm(out(), "90.0%") };
                },
                Verdict::Pass, { {}, {} } });
        add("md5: a CRC-32 that differs is an error",
            { M,
                [] {
                    VerdictRow o = out();
                    o.benchMd5 = "ffffffff";
                    return std::vector { in(), o };
                },
                Verdict::Error, { {}, { R::Crc32Differs } } });
        add("md5: an item without bench partner is a warning",
            { M,
                [] {
                    return std::vector { in(), unpaired(out()) };
                },
                Verdict::Warning, { {}, { R::Crc32Unmatched } } });
        add("md5: dtype and shape are not md5 rules",
            { M,
                [] {
                    VerdictRow o = out();
                    o.npuDtype = "torch.bfloat16";
                    o.shapesEqual = false;
                    return std::vector { in(), o };
                },
                Verdict::Pass, { {}, {} } });
    }

    void rules()
    {
        QFETCH(int, index);
        const Case& c = cases()[size_t(index)];
        const std::vector<VerdictRow> rows = c.rows();
        Verdict node = Verdict::Pass;
        std::vector<RowVerdict> verdicts = judgeRows(c.mode, rows, node);
        QCOMPARE(verdicts.size(), rows.size());
        QCOMPARE(int(node), int(c.node));
        for (size_t i = 0; i < rows.size(); ++i) {
            std::vector<Reason> got = verdicts[i].reasonList();
            QVERIFY2(got == c.reasons[i],
                qPrintable(
                    QStringLiteral("row %1: %2").arg(i).arg(QString::fromStdString(verdicts[i].errMessageJson()))));
            Verdict worst = Verdict::Pass;
            for (Reason r : got)
                worst = std::max(
                    worst, std::string_view(reasonMessage(r)).starts_with("error") ? Verdict::Error : Verdict::Warning);
            QCOMPARE(int(verdicts[i].level), int(worst));
        }
    }

    void messagesAreMsprobesJson()
    {
        RowVerdict v;
        QCOMPARE(QString::fromStdString(v.errMessageJson()), QStringLiteral("[]"));
        v.reasons = uint16_t((1u << unsigned(Reason::Dtype)) | (1u << unsigned(Reason::InfNan)));
        QCOMPARE(QString::fromStdString(v.errMessageJson()),
            QStringLiteral("[\"error: There is nan/inf/-inf in the maximum or minimum value of NPU.\", "
                           "\"error: The dtype of NPU and Bench are inconsistent.\"]"));
        QCOMPARE(QString::fromLatin1(reasonMessage(Reason::RequiresGrad)),
            QStringLiteral("error: The Required_Grad of NPU and Bench are inconsistent")); // msprobe's, no period
    }

    void verdictsMapToPrecision()
    {
        QCOMPARE(verdictPrecision(Verdict::Pass), 0.0);
        QCOMPARE(verdictPrecision(Verdict::Warning), 0.5);
        QCOMPARE(verdictPrecision(Verdict::Error), 1.0);
        QCOMPARE(QString::fromLatin1(verdictName(Verdict::Warning)), QStringLiteral("warning"));
    }
};

QTEST_GUILESS_MAIN(TestVerdictRules)
#include "tst_verdict_rules.moc"
