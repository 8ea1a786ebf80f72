"""The rules of a game in our own words, with its Rulings, from its rules page."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout


class RulesViewer(QDialog):
    def __init__(self, title: str, markdown: str, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Rules of {title}")
        # a tall page, but never taller than the window it opens over (a 1280x720 window)
        room = parent.window().size() if parent is not None else None
        self.resize(760 if room is None else min(760, room.width() - 40),
                    820 if room is None else min(820, room.height() - 40))
        lay = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        self.browser.document().setDefaultStyleSheet(
            "h1 { color: #f0c060; } h2 { color: #d9a441; margin-top: 18px; } "
            "h3 { color: #ece6da; } td, th { padding: 4px 10px; } code { color: #f0c060; }")
        self.browser.setMarkdown(markdown)
        lay.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    def show_section(self, anchor: str) -> None:
        self.browser.scrollToAnchor(anchor)

    def show_term(self, term: str) -> bool:
        """Scroll to a glossary entry: after the Glossary heading, the paragraph that starts with
        `term` (an entry, "Trade: ..."), else the first mention of it there."""
        from PySide6.QtGui import QTextCursor, QTextDocument
        doc = self.browser.document()
        start = doc.find("Glossary", 0, QTextDocument.FindCaseSensitively)
        origin = start if not start.isNull() else 0
        at = first = doc.find(term, origin)
        while not at.isNull() and at.selectionStart() != at.block().position():
            at = doc.find(term, at, QTextDocument.FindCaseSensitively)
        at = at if not at.isNull() else first
        if at.isNull():
            return False
        self.browser.setTextCursor(at)
        self.browser.ensureCursorVisible()
        cur = QTextCursor(at)
        self.browser.setTextCursor(cur)
        return True
