#include "io/json_writer.h"

#include "util/pyformat.h"

namespace ps {

void PyJsonWriter::beforeValue()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (m_hasItems.empty())
        return;
    if (m_indent == kCompact) {
        if (m_hasItems.back())
            m_out += ", ";
        m_hasItems.back() = true;
        return;
    }
    m_out += m_hasItems.back() ? ",\n" : "\n";
    m_hasItems.back() = true;
    m_out.append(m_hasItems.size() * size_t(m_indent), ' ');
}

void PyJsonWriter::open(char c)
{
    beforeValue();
    m_out += c;
    m_hasItems.push_back(false);
}

void PyJsonWriter::close(char c)
{
    bool had = m_hasItems.back();
    m_hasItems.pop_back();
    if (had && m_indent != kCompact) {
        m_out += '\n';
        m_out.append(m_hasItems.size() * size_t(m_indent), ' ');
    }
    m_out += c;
}

void PyJsonWriter::beginObject()
{
    open('{');
}
void PyJsonWriter::endObject()
{
    close('}');
}
void PyJsonWriter::beginArray()
{
    open('[');
}
void PyJsonWriter::endArray()
{
    close(']');
}

void PyJsonWriter::key(std::string_view k)
{
    beforeValue();
    py::appendJsonString(m_out, k);
    m_out += ": ";
    m_afterKey = true;
}

void PyJsonWriter::string(std::string_view s)
{
    beforeValue();
    py::appendJsonString(m_out, s);
}

void PyJsonWriter::integer(long long v)
{
    beforeValue();
    m_out += std::to_string(v);
}

void PyJsonWriter::real(double v)
{
    beforeValue();
    py::appendJsonFloat(m_out, v);
}

void PyJsonWriter::boolean(bool v)
{
    beforeValue();
    m_out += v ? "true" : "false";
}

void PyJsonWriter::null()
{
    beforeValue();
    m_out += "null";
}

void PyJsonWriter::raw(std::string_view jsonText)
{
    beforeValue();
    m_out += jsonText;
}

} // namespace ps
