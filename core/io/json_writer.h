#pragma once
// Emits JSON text exactly as Python's json.dumps(obj, indent=N, ensure_ascii=True) lays it out, or, with
// kCompact, as json.dumps(obj) does (one line, ", " and ": " separators: the .vis.db columns).
#include <string>
#include <string_view>
#include <vector>

namespace ps {

class PyJsonWriter {
public:
    static constexpr int kCompact = -1;
    explicit PyJsonWriter(std::string& out, int indent = 4)
        : m_out(out)
        , m_indent(indent)
    {
    }
    // A writer for a run of members of `parent`'s innermost open container, laid out as if `parent` wrote them:
    // its text is appended to parent's output later, so parts of one document can be formatted in parallel.
    // `afterMembers`: members come before this run (it starts with a comma). Call parent.membersAppended() after.
    PyJsonWriter(std::string& out, const PyJsonWriter& parent, bool afterMembers)
        : m_out(out)
        , m_indent(parent.m_indent)
        , m_hasItems(parent.m_hasItems)
    {
        m_hasItems.back() = afterMembers;
    }
    void membersAppended() { m_hasItems.back() = true; }
    size_t depth() const { return m_hasItems.size(); } // containers open
    int indent() const { return m_indent; }
    void beginObject();
    void endObject();
    void beginArray();
    void endArray();
    void key(std::string_view k); // inside an object, before its value
    void string(std::string_view s);
    void integer(long long v);
    void real(double v);
    void boolean(bool v);
    void null();
    void raw(std::string_view jsonText); // an already formatted scalar
    std::string& output() { return m_out; }

private:
    void beforeValue();
    void open(char c);
    void close(char c);
    std::string& m_out;
    int m_indent;
    std::vector<bool> m_hasItems;
    bool m_afterKey = false;
};

// The text one write(PyJsonWriter&) call makes in the compact layout.
template <typename Write> std::string compactJson(Write&& write)
{
    std::string out;
    PyJsonWriter w(out, PyJsonWriter::kCompact);
    write(w);
    return out;
}

} // namespace ps
