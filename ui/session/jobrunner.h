#pragma once
// The session's background work, after hotspot's JobTracker: one channel per kind of request, each with its own
// generation number and cancel flag. A new request on a channel makes the one running there stale (its cancel
// flag is set and its result dropped); the export channel delivers every job, since each writes its own file.
// Results are delivered on this object's thread through the event loop, never re-entrantly. The destructor
// cancels everything and waits for the workers. Qt Core only.
#include <QFuture>
#include <QList>
#include <QObject>
#include <QString>

#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <type_traits>

namespace psui {

enum class Channel { Load, Edit, Search, Filter, Diagnose, Export, Peers, Diff, Trends, Details, Tensor, Colors };
constexpr size_t kChannelCount = 12;

class JobRunner;

// What a worker sees of its job: the cancel flag to poll, and progress to report (dropped once stale).
class JobContext {
public:
    const std::atomic<bool>* cancelFlag() const { return m_cancel.get(); }
    bool isCancelled() const { return m_cancel->load(); }
    void progress(int permille, const QString& stage) const; // any thread
    // Runs `part` on the runner's thread before the job's result, unless the job went stale by then: a first
    // look at a result still being computed (any thread).
    void deliverPart(std::function<void()> part) const;

private:
    friend class JobRunner;
    JobRunner* m_runner = nullptr;
    Channel m_channel = Channel::Load;
    quint64 m_generation = 0;
    std::shared_ptr<std::atomic<bool>> m_cancel;
};

class JobRunner : public QObject {
    Q_OBJECT
public:
    explicit JobRunner(QObject* parent = nullptr);
    ~JobRunner() override;

    // Runs work(context) on a worker thread; deliver(result) runs on this thread afterwards unless the job went
    // stale or was cancelled. Work should catch what it throws: an escaping exception drops the result.
    // `label` says what runs (busyChanged, and the first progressChanged with an unknown fraction).
    template <typename Work, typename Deliver>
    void run(Channel channel, const QString& label, Work work, Deliver deliver);

    bool busy(Channel channel) const { return state(channel).running > 0; }
    // The running job's result is dropped and its cancel flag set; busy(channel) is false at once, with `reason`.
    void cancel(Channel channel, const QString& reason = {});

Q_SIGNALS:
    // Busy: `text` is the job's label; idle: empty when the job finished, the reason when it was cancelled.
    void busyChanged(psui::Channel channel, bool busy, const QString& text);
    void progressChanged(psui::Channel channel, int permille, const QString& stage);

private:
    friend class JobContext;
    using Delivery = std::function<void()>;
    struct ChannelState {
        quint64 generation = 0;
        int running = 0; // jobs whose result will still be delivered
        std::shared_ptr<std::atomic<bool>> cancel;
    };
    ChannelState& state(Channel channel) { return m_channels[size_t(channel)]; }
    const ChannelState& state(Channel channel) const { return m_channels[size_t(channel)]; }
    void start(Channel channel, const QString& label, std::function<Delivery(const JobContext&)> work);
    void finish(Channel channel, quint64 generation, const Delivery& delivery);
    void reportProgress(Channel channel, quint64 generation, int permille, const QString& stage);
    void deliverPart(Channel channel, quint64 generation, const Delivery& part);

    std::array<ChannelState, kChannelCount> m_channels;
    QList<QFuture<Delivery>> m_futures; // waited for on destruction
};

template <typename Work, typename Deliver>
void JobRunner::run(Channel channel, const QString& label, Work work, Deliver deliver)
{
    using Result = std::invoke_result_t<Work&, const JobContext&>;
    start(
        channel, label, [work = std::move(work), deliver = std::move(deliver)](const JobContext& context) -> Delivery {
            auto result = std::make_shared<Result>(work(context));
            return [deliver, result]() { deliver(std::move(*result)); };
        });
}

} // namespace psui
