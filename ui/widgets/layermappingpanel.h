#pragma once
// The "Layer mapping" dock: edit msprobe's layer-mapping rules (class -> NPU path -> Bench path) with completion
// from the unmatched modules, see problems as you type, Apply them (the comparison reruns in the background
// with the rules) and Save them as a YAML that `msprobe graph -lm` reads too.
#include <QWidget>

#include <array>

class QLabel;
class QTableView;
class QToolButton;
class QCompleter;

namespace psui {

class LayerMappingModel;
class SessionController;

class LayerMappingPanel : public QWidget {
    Q_OBJECT
public:
    explicit LayerMappingPanel(SessionController* session, QWidget* parent = nullptr);

    LayerMappingModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    QLabel* messageLabel() const { return m_message; }
    QString filePath() const { return m_path; }
    // The completion lists per column (0 classes, 1 NPU segments, 2 Bench segments).
    QStringList completions(int column) const;

    bool loadFile(const QString& path); // false: the message label says why
    void startEmpty();
    bool apply(); // false when a row has a problem or there is no comparison to rerun
    bool saveTo(const QString& path);
    void retranslate();

Q_SIGNALS:
    void applied(int matchedBefore, int matchedAfter);

protected:
    void changeEvent(QEvent* event) override;

private:
    void refreshVocabulary();
    void onSessionChanged();
    void onIssuesChanged();
    void chooseFileToLoad();
    void save();
    void saveAs();
    void addRule();
    void removeSelectedRule();
    void setMessage(const QString& text, bool problem);

    SessionController* m_session;
    LayerMappingModel* m_model;
    QTableView* m_table;
    QLabel* m_message;
    QToolButton* m_load;
    QToolButton* m_new;
    QToolButton* m_add;
    QToolButton* m_remove;
    QToolButton* m_undo;
    QToolButton* m_redo;
    QToolButton* m_apply;
    QToolButton* m_save;
    QToolButton* m_saveAs;
    std::array<QStringList, 3> m_completions;
    QString m_path; // the YAML being edited; empty until loaded or saved
    int m_matchedBefore = -1; // >= 0 while an Apply is running
};

} // namespace psui
