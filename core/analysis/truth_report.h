#pragma once
// The report's part about a truth run (compare/truth_verdict.h): per graph, how many matched NPU nodes are fine,
// both off, follow an error from elsewhere or are where the NPU went wrong, and those nodes with their errors.
#include "compare/truth_verdict.h"

#include <string>
#include <vector>

namespace ps {

class PyJsonWriter;

struct TruthRow {
    std::string node; // NPU node name
    std::string item; // the output judged
    double npuError = -1, benchError = -1, npuFloor = 0;
};

struct TruthSummary {
    std::string reference; // the truth's dump.json
    TruthOptions options;
    size_t npuWorse = 0, follows = 0, bothOff = 0, fine = 0;
    std::vector<TruthRow> npuWorseNodes; // largest NPU error first; at most `rows` (0: all)
};

TruthSummary summarizeTruth(const Comparison& c, const TruthJudgement& judgement, size_t rows);
void appendTruthText(std::string& out, const TruthSummary& truth);
void writeTruthJson(PyJsonWriter& w, const TruthSummary& truth); // an object
std::string truthNumber(double value); // "5.1e-02"; "" for -1 (no value)
void writeTruthNumber(PyJsonWriter& w, const char* key, double value); // a member; null for -1 (no value)

} // namespace ps
