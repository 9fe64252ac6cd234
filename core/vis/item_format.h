#pragma once
// Export formatting of data items: every value becomes a string the way msprobe's _format_data
// writes it (6 decimals, "%.6e", quotes removed, None -> null), ProcessGroup items trimmed, all-null tensors
// collapsed to {"value": "null"}. A string that is exactly " " (a metric of an NPU item without bench partner)
// stays " ", as msprobe writes it.
#include "io/item_fields.h"
#include "util/pyvalue.h"

#include <span>
#include <string>
#include <utility>
#include <vector>

namespace ps {

using FormattedItem = std::vector<std::pair<std::string, std::string>>;

// The formatted fields of one item as the writers use them: keys and values are views into storage that is
// reused from item to item (no allocation per field once the buffers have grown).
class ItemText {
public:
    void clear()
    {
        m_fields.clear();
        m_text.clear();
    }
    size_t size() const { return m_fields.size(); }
    std::string_view key(size_t i) const { return m_fields[i].key; }
    std::string_view value(size_t i) const { return { m_text.data() + m_fields[i].begin, m_fields[i].size }; }
    // A new field: append its value to the returned buffer, then call endField().
    std::string& beginField(std::string_view key)
    {
        m_fields.push_back({ key, uint32_t(m_text.size()), 0 });
        return m_text;
    }
    void endField() { m_fields.back().size = uint32_t(m_text.size() - m_fields.back().begin); }
    // Field i takes the last field's value and keeps its position (a Python dict assignment); dropLast() then
    // removes the last field.
    void copyLastInto(size_t i)
    {
        m_fields[i].begin = m_fields.back().begin;
        m_fields[i].size = m_fields.back().size;
    }
    void dropLast() { m_fields.pop_back(); }

private:
    struct Field {
        std::string_view key; // static text, or a view into the dump's pool
        uint32_t begin;
        uint32_t size;
    };
    std::vector<Field> m_fields;
    std::string m_text;
};

// msprobe 26 (`profile` Msprobe26) formats differently: numbers unrounded (Python str()), decimal trimming only
// of strings that are one whole number, requires_grad kept, md5 dropped outside md5 mode (`md5Mode`). Its 26.0.0
// release (`release`) still rounds the floats as 1.2.1 does.
void formatItemInto(ItemText& out, const DumpData& dump, const DumpItem& item, std::span<const char* const> metricNames,
    std::span<const PyScalar> metrics, RulesProfile profile = RulesProfile::Msprobe121, bool md5Mode = false,
    Msprobe26Release release = Msprobe26Release::V26_1);
FormattedItem formatItem(const DumpData& dump, const DumpItem& item, std::span<const char* const> metricNames,
    std::span<const PyScalar> metrics, RulesProfile profile = RulesProfile::Msprobe121, bool md5Mode = false,
    Msprobe26Release release = Msprobe26Release::V26_1);

// The string transformations, exposed for tests.
std::string formatStringValue(std::string_view s); // quotes removed, None -> null, decimal trimming
std::string formatDecimalString(std::string_view s); // only the decimal trimming
std::string formatFloatValue(double x); // "%.6e" when repr has an exponent, else repr(round(x, 6))
std::string formatScalar(const PyScalar& v);
std::string formatStringValue26(std::string_view s); // quotes removed, None -> null, whole-string trimming
std::string formatScalar26(const PyScalar& v, Msprobe26Release release = Msprobe26Release::V26_1);

} // namespace ps
