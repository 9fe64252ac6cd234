#pragma once
// The fields of one data item exactly as msprobe's read_op leaves them: the leaf entry's own
// fields in order, then data_name, the four statistics, dtype/shape for non-tensors and the md5 fallback.
// Everything that compares or writes items reads them through here.
#include "io/dump_data.h"
#include "util/rules_profile.h"

#include <string>
#include <string_view>
#include <vector>

namespace ps {

struct FieldValue {
    bool isText = false; // text computed here (a str), else `json` from the dump
    JValue json;
    std::string text;
};

struct ItemField {
    std::string_view key; // static text or a view into the dump's pool
    FieldValue value;
};

using ItemFields = std::vector<ItemField>;

// msprobe 26.0.0's read_op differs in a few places: JSON booleans become "True"/"False", requires_grad is always
// present (null when the dump has none), and ellipsis, src/dst and ProcessGroup arguments get their own dtype,
// shape and statistics.
void collectItemFields(
    const DumpData& dump, const DumpItem& item, ItemFields& out, RulesProfile profile = RulesProfile::Msprobe121);
const FieldValue* findField(const ItemFields& fields, std::string_view key);

// What matching compares: the item's type and shape, without building every field. Tensors with a
// dtype take the fast path; anything else goes through collectItemFields.
struct TypeShape {
    FieldValue type;
    FieldValue shape;
};
void itemTypeShape(const DumpData& dump, const DumpItem& item, TypeShape& out);

// What the row metrics read: the four statistics and the md5, with the same fast path.
struct ItemStats {
    FieldValue stats[4]; // Max, Min, Mean, Norm
    FieldValue md5;
};
void itemStats(
    const DumpData& dump, const DumpItem& item, ItemStats& out, RulesProfile profile = RulesProfile::Msprobe121);

// Python equality of two field values (missing == null); int 1 equals float 1.0 as in Python.
bool fieldEquals(const DumpData& a, const FieldValue* x, const DumpData& b, const FieldValue* y);

// Python str() of a JSON value as json.load built it (str(list), repr of floats, True/False/None).
void appendPyStr(std::string& out, const DumpData& dump, const JValue& v);
void appendPyReprInContainer(std::string& out, const DumpData& dump, const JValue& v);

// The text of a string field (json string or computed text); nullptr-safe, "" when not a string.
std::string_view fieldText(const DumpData& dump, const FieldValue* f);

} // namespace ps
