#pragma once
// A pull reader for JSON text as Python's json module writes and reads it: accepts NaN, Infinity and
// -Infinity, keeps integers apart from floats, decodes escapes to UTF-8. Callers walk objects and arrays
// themselves (streaming) or ask for a generic value in a JArena. Errors throw ps::Error naming the file,
// line and column.
#include "io/json_value.h"

#include <string>
#include <string_view>
#include <vector>

namespace ps {

class JsonReader {
public:
    // maxDepth 0: limits().maxJsonDepth.
    JsonReader(std::string_view text, std::string fileName, int maxDepth = 0);

    char peek(); // next significant character, '\0' at the end
    bool atEnd();
    void expectEnd(); // only whitespace may follow

    void beginObject();
    bool nextMember(std::string_view& key); // false once '}' was consumed; key valid until the next string read
    void beginArray();
    bool nextElement(); // false once ']' was consumed

    std::string_view readString();
    JValue readScalar(StringPool& pool); // number, string, true/false/null/NaN/Infinity
    JValue readValue(JArena& arena); // any value, iteratively
    void skipValue();

    [[noreturn]] void fail(const std::string& what) const;
    const std::string& fileName() const { return m_file; }
    size_t offset() const { return m_pos; }

private:
    void skipWs();
    void separator(char close); // handles the comma before the next member/element
    JValue readNumber(StringPool& pool);
    bool matchLiteral(std::string_view lit);
    void checkStringLength(size_t bytes) const; // limits().maxStringBytes

    std::string_view m_text;
    size_t m_pos = 0;
    std::string m_file;
    int m_maxDepth;
    std::string m_scratch;
    std::vector<bool> m_needComma; // one flag per open container walked with nextMember/nextElement
    struct Frame { // an open container of readValue
        bool isObject;
        size_t start; // index into the matching scratch stack
        StrId key; // pending key of the parent object (when the parent is an object)
    };
    std::vector<Frame> m_frames;
    std::vector<JValue> m_elemStack;
    std::vector<JMember> m_memberStack;
};

} // namespace ps
