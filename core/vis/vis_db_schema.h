#pragma once
// The .vis.db schema exactly as msprobe creates it (checked against its reference databases with `.schema`).

namespace ps {

inline constexpr const char* kTbNodesSql = R"(CREATE TABLE tb_nodes (
    id TEXT PRIMARY KEY,
    graph_id TEXT NOT NULL,
    node_order INTEGER NOT NULL,
    node_name TEXT NOT NULL,
    node_type TEXT NOT NULL,
    up_node TEXT,
    sub_nodes TEXT,
    precision_index INTEGER,
    overflow_level TEXT,
    micro_step_id INTEGER NOT NULL,
    matched_node_link TEXT,
    stack_id TEXT,
    parallel_merge_info TEXT,
    matched_distributed TEXT,
    modified INTEGER NOT NULL,
    input_data TEXT,
    output_data TEXT,
    data_source TEXT,
    dump_data_dir TEXT,
    step INTEGER NOT NULL,
    rank INTEGER NOT NULL
))";
// msprobe 26.0.0 adds one column (1 for `Distributed.*` nodes) with ALTER TABLE ADD COLUMN, which SQLite records
// by inserting the column's definition before the statement's closing parenthesis.
inline constexpr const char* kTbNodesSql26Column = ", is_distributed INTEGER";
inline constexpr const char* kTbStackSql = R"(CREATE TABLE tb_stack (
    id TEXT PRIMARY KEY,
    stack_info TEXT
))";
inline constexpr const char* kTbConfigSql = R"(CREATE TABLE tb_config (
    id TEXT PRIMARY KEY,
    graph_type TEXT NOT NULL,
    task TEXT,
    tool_tip TEXT,
    micro_steps INTEGER,
    overflow_check INTEGER,
    node_colors TEXT NOT NULL,
    rank_list TEXT NOT NULL,
    step_list TEXT NOT NULL
))";
// (The indexes of tb_nodes: vis_db_index.h.)

// Columns a database must have to be read as a .vis.db.
inline constexpr const char* kVisDbNodeColumns[]
    = { "node_name", "node_type", "up_node", "sub_nodes", "precision_index", "overflow_level", "micro_step_id",
          "matched_node_link", "stack_id", "input_data", "output_data", "data_source", "step", "rank", "node_order" };

} // namespace ps
