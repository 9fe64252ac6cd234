#pragma once
// Private to MainWindow: its actions and menus, shared by the mainwindow*.cpp files.
#include "widgets/mainwindow.h"

class QToolBar;

namespace psui {

struct MainWindow::Actions {
    QMenu* file = nullptr;
    QMenu* recent = nullptr;
    QMenu* view = nullptr;
    QMenu* language = nullptr;
    QMenu* navigate = nullptr;
    QMenu* help = nullptr;
    QToolBar* toolBar = nullptr;
    QAction* openComparison = nullptr;
    QAction* openCompareJson = nullptr;
    QAction* openVis = nullptr;
    QAction* openExample = nullptr;
    QAction* exportVis = nullptr;
    QAction* exportReport = nullptr;
    QAction* saveSession = nullptr;
    QAction* saveSessionAs = nullptr;
    QAction* openSession = nullptr;
    QAction* quit = nullptr;
    QAction* mirrorExpansion = nullptr;
    QAction* linkScrolling = nullptr;
    QAction* expand = nullptr;
    QAction* collapse = nullptr;
    QAction* collapseAll = nullptr;
    QAction* colorRanges = nullptr;
    QAction* find = nullptr;
    QAction* nextHit = nullptr;
    QAction* previousHit = nullptr;
    QAction* nextSuspicious = nullptr;
    QAction* previousSuspicious = nullptr;
    QAction* userGuide = nullptr;
    QAction* about = nullptr;
    QActionGroup* languages = nullptr;
    QAction* langSystem = nullptr;
    QAction* langEnglish = nullptr;
    QAction* langChinese = nullptr;
};

} // namespace psui
