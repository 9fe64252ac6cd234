#include "vis/vis_writer.h"

namespace ps {

namespace {

const char* kOneThousandth = "Tensor中的元素逐个与对应的标杆数据对比，相对误差小于千分之一的比例占总元素个数的比例，"
                             "比例越接近1越好";
} // namespace

std::vector<std::pair<const char*, const char*>> toolTips(CompareMode mode)
{
    switch (mode) {
    case CompareMode::Md5:
        return { { "md5", "数据MD5信息，用于比较两个数据信息是否完全一致" } };
    case CompareMode::Real:
        return {
            { "One Thousandth Err Ratio", kOneThousandth },
            { "Five Thousandths Err Ratio",
                "Tensor中的元素逐个与对应的标杆数据对比，相对误差小于千分之五的比例占总元素个数的比例，"
                "比例越接近1越好" },
            { "Cosine",
                "通过计算两个向量的余弦值来判断其相似度，数值越接近于1说明计算出的两个张量越相似，"
                "实际可接受阈值为大于0.99。在计算中可能会存在nan，主要由于可能会出现其中一个向量为0" },
            { "MaxAbsErr", "当最大绝对误差越接近0表示其计算的误差越小，实际可接受阈值为小于0.001" },
            { "MaxRelativeErr",
                "当最大相对误差越接近0表示其计算的误差越小。当dump数据中存在0或Nan时，"
                "比对结果中最大相对误差则出现inf或Nan的情况，属于正常现象" },
        };
    case CompareMode::Summary:
        break;
    }
    return {
        { "Max diff", "NPU与标杆API统计信息比对，最大值的差值" },
        { "Min diff", "NPU与标杆API统计信息比对，最小值的差值" },
        { "Mean diff", "NPU与标杆API统计信息比对，平均值的差值" },
        { "L2norm diff", "NPU与标杆API统计信息比对，2范数（平方根）的差值" },
    };
}

} // namespace ps
