#include "session/jobrunner.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace psui {

void JobContext::progress(int permille, const QString& stage) const
{
    // Queued: the runner outlives its workers (its destructor waits), and posted events die with it.
    QMetaObject::invokeMethod(
        m_runner,
        [runner = m_runner, channel = m_channel, generation = m_generation, permille, stage]() {
            runner->reportProgress(channel, generation, permille, stage);
        },
        Qt::QueuedConnection);
}

void JobContext::deliverPart(std::function<void()> part) const
{
    QMetaObject::invokeMethod(
        m_runner,
        [runner = m_runner, channel = m_channel, generation = m_generation, part = std::move(part)]() {
            runner->deliverPart(channel, generation, part);
        },
        Qt::QueuedConnection);
}

JobRunner::JobRunner(QObject* parent)
    : QObject(parent)
{
}

JobRunner::~JobRunner()
{
    // Workers post to this object: stop them and wait before it goes away.
    for (ChannelState& s : m_channels)
        if (s.cancel)
            *s.cancel = true;
    for (QFuture<Delivery>& future : m_futures)
        future.waitForFinished();
}

void JobRunner::start(Channel channel, const QString& label, std::function<Delivery(const JobContext&)> work)
{
    ChannelState& s = state(channel);
    if (channel != Channel::Export) { // latest request wins
        if (s.cancel)
            *s.cancel = true;
        s.cancel.reset();
        ++s.generation;
        s.running = 0;
    }
    if (!s.cancel)
        s.cancel = std::make_shared<std::atomic<bool>>(false);
    ++s.running;
    JobContext context;
    context.m_runner = this;
    context.m_channel = channel;
    context.m_generation = s.generation;
    context.m_cancel = s.cancel;
    m_futures.removeIf([](const QFuture<Delivery>& f) { return f.isFinished(); });
    auto future = QtConcurrent::run([work = std::move(work), context]() -> Delivery {
        try {
            return work(context);
        } catch (...) {
            return {}; // nothing to deliver; the channel still becomes idle
        }
    });
    m_futures.append(future);
    auto* watcher = new QFutureWatcher<Delivery>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, channel, generation = s.generation]() {
        finish(channel, generation, watcher->result());
        watcher->deleteLater();
    });
    watcher->setFuture(future);
    Q_EMIT busyChanged(channel, true, label); // also when a newer job replaces a running one
    Q_EMIT progressChanged(channel, -1, label);
}

void JobRunner::finish(Channel channel, quint64 generation, const Delivery& delivery)
{
    ChannelState& s = state(channel);
    if (generation != s.generation || s.running == 0)
        return; // stale: a newer request or Cancel came after it
    if (--s.running == 0) {
        s.cancel.reset();
        Q_EMIT busyChanged(channel, false, {});
    }
    if (delivery)
        delivery();
}

void JobRunner::cancel(Channel channel, const QString& reason)
{
    ChannelState& s = state(channel);
    if (s.cancel)
        *s.cancel = true; // the worker stops at its next check and frees what it built
    s.cancel.reset();
    ++s.generation;
    const bool wasBusy = s.running > 0;
    s.running = 0;
    if (wasBusy)
        Q_EMIT busyChanged(channel, false, reason);
}

void JobRunner::deliverPart(Channel channel, quint64 generation, const Delivery& part)
{
    if (generation == state(channel).generation && busy(channel) && part)
        part();
}

void JobRunner::reportProgress(Channel channel, quint64 generation, int permille, const QString& stage)
{
    if (generation == state(channel).generation && busy(channel))
        Q_EMIT progressChanged(channel, permille, stage);
}

} // namespace psui
