#include "vis/vis_db_part.h"

#include "util/concat.h"
#include "util/error.h"
#include "util/rank_list.h"
#include "vis/sqlite_file.h"
#include "vis/vis_db_sqlite.h"

#include <set>

namespace ps {

VisDbPartRecords visDbPartRecords(const VisDbPart& part)
{
    VisDbPartRecords out;
    const std::pair<const char*, const std::string*> rows[] = { { "format", nullptr }, { "rules", &part.rules },
        { "run_ranks", &part.runRanks }, { "run_steps", &part.runSteps } };
    for (const auto& [key, value] : rows) {
        sqlfile::Record r;
        r.text(key);
        r.text(value ? std::string_view(*value) : std::string_view(kVisDbPartFormat));
        r.appendTo(out.records.emplace_back());
        out.keys.emplace_back(key);
    }
    return out;
}

VisDbPart readVisDbPart(SqliteDb& db, const std::string& path)
{
    constexpr size_t kMaxValueBytes = 1 << 20;
    const std::string table = kTbPartName;
    auto fail = [&](const std::string& what) { throw Error(ErrorCode::BadContent, path, what); };
    auto rankList = [&](std::string_view value, const std::string& key) {
        try {
            return formatRankList(parseRankList(value));
        } catch (const Error& e) {
            fail(table + "." + key + ": " + e.detail());
        }
        return std::string();
    };
    VisDbPart part;
    std::set<std::string> seen;
    SqliteStmt q(db, ("SELECT key, value FROM " + table).c_str());
    while (q.step()) {
        std::string key(q.text(0).substr(0, 64));
        std::string_view value = q.text(1);
        if (!seen.insert(key).second)
            fail(concat({ table, " has the key \"", key, "\" twice" }));
        if (value.size() > kMaxValueBytes)
            fail(concat({ table, ".", key, " is longer than ", std::to_string(kMaxValueBytes), " bytes" }));
        if (key == "format" && value != kVisDbPartFormat)
            fail("a part database of format " + std::string(value.substr(0, 20))
                + ", which this version cannot merge (it reads format " + kVisDbPartFormat + ")");
        else if (key == "rules")
            part.rules = std::string(value);
        else if (key == "run_ranks")
            part.runRanks = rankList(value, key);
        else if (key == "run_steps")
            part.runSteps = rankList(value, key);
        else if (key != "format")
            fail(concat({ table, " has the unknown key \"", key, "\"" }));
    }
    for (const char* key : { "format", "rules", "run_ranks", "run_steps" })
        if (!seen.count(key))
            fail(table + " has no row \"" + key + "\"");
    return part;
}

} // namespace ps
