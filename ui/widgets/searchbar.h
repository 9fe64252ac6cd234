#pragma once
// Search by node name: substring or regular expression, NPU / bench / both, debounced (300 ms), hit count,
// previous/next (Enter, F3, ↓ in the field); the session controller runs the query. Its matches are listed by a
// MatchList on the navigator (the main window's Matches dock).
#include "models/snapshot.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QTimer;

namespace psui {

class HitListModel;
class HitNavigator;
class SessionController;
struct QueryResult;

class SearchBar : public QWidget {
    Q_OBJECT
public:
    SearchBar(SessionController* session, QWidget* parent = nullptr);

    QLineEdit* lineEdit() const { return m_edit; }
    HitNavigator* navigator() const { return m_navigator; }
    bool showOnlyHits() const;
    void setShowOnlyHits(bool on);
    void focusSearch();
    void retranslate();
    void clear();
    // The query as a session saves it, and restoring one (searched at once; its result leaves the selection as
    // it is, which the session restores too).
    QString text() const;
    bool isRegex() const;
    void setQuery(const QString& text, bool regex);

Q_SIGNALS:
    void jumpRequested(psui::Side side, psui::NodeId node);
    // The hits of the latest search (null sets: no search), and whether the trees should show only them.
    void resultChanged(const psui::QueryResult& result);
    void showOnlyHitsChanged(bool on);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void startSearch();
    void onFinished(const QueryResult& result);

    SessionController* m_session;
    QLineEdit* m_edit;
    QComboBox* m_sides;
    QCheckBox* m_regex;
    QCheckBox* m_onlyHits;
    QTimer* m_debounce;
    HitListModel* m_hits;
    HitNavigator* m_navigator;
    bool m_keepSelection = false; // the next result does not go to its first match
};

} // namespace psui
