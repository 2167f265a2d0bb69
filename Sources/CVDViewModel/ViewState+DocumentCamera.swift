import CVDCore

/// The keys of a camera over the desk: turn and mirror the picture, straighten a page by
/// its corners (and the clicks and Backspace while picking them), the still (`g`, Shift+G)
/// and the pen.
extension ViewState {
    mutating func applyDocument(_ command: Command) -> Effect? {
        switch command {
        case .rotate:
            orientation.rotateClockwise()
            notice = Message(
                "picture turned: %s (r turns it a further quarter, e mirrors)", .message(orientation.words))
        case .mirror:
            orientation.mirrored.toggle()
            notice =
                orientation.mirrored
                ? Message("picture %s (e again: not mirrored)", .message(orientation.words))
                : Message("picture %s (e again: mirrored)", .message(orientation.words))
        case .straighten:
            if cornerPicks != nil {
                cornerPicks = nil
                notice = Message("corner picking stopped")
            } else if pageCorners != nil {
                pageCorners = nil
                notice = Message("whole picture (t picks a page's corners again)")
            } else {
                cornerPicks = []
                zoom = 1
                centre = Point(0.5, 0.5)
                notice = Message(
                    "click the page's four corners, in any order (Backspace: undo a corner; t or Esc: stop)")
            }
        // Backspace or Delete while picking corners: the last corner is taken back.
        case .clearProbes:
            guard var picks = cornerPicks, !picks.isEmpty else {
                notice = Message("no corner to take back: click the page's corners (t or Esc: stop)")
                return nil
            }
            picks.removeLast()
            cornerPicks = picks
            notice = Message(
                "corner %s taken back: %s to go", .text(String(picks.count + 1)), .text(String(4 - picks.count)))
        case .grabStill:
            hasStill = true
            layout = .stillLive
            notice = Message("still grabbed: still | live (g grabs again, Shift+G saves the still, v: other layouts)")
            return .grabStill
        case .saveStill:
            guard hasStill else {
                notice = Message("no still yet: g grabs the picture as a still")
                return nil
            }
            return .saveStill
        case .togglePen:
            penOn.toggle()
            notice =
                penOn
                ? Message("pen on: drag to draw on the picture (u: take a stroke back, U: clear, b: pen off)")
                : Message("pen off: a drag pans again (the drawing stays; U clears it)")
        case .pen(let p, let newStroke):
            if newStroke || strokes.isEmpty {
                strokes.append([p])
            } else {
                strokes[strokes.count - 1].append(p)
            }
        case .undoStroke:
            guard !strokes.isEmpty else {
                notice = Message("nothing drawn to take back (b: the pen)")
                return nil
            }
            strokes.removeLast()
            notice = Message("stroke taken back (%s left)", .text(String(strokes.count)))
        case .clearStrokes:
            notice = strokes.isEmpty ? Message("nothing drawn to clear (b: the pen)") : Message("drawing cleared")
            strokes = []
        case .probe(let p):
            let picks = (cornerPicks ?? []) + [p]
            if picks.count < 4 {
                cornerPicks = picks
                notice = Message("corner %s of 4", .text(String(picks.count)))
            } else if !PageShape.isPage(picks) {
                // The first three stay: the fourth was most likely the mis-click.
                cornerPicks = Array(picks.prefix(3))
                notice = Message(
                    "those four corners make no page (one is inside the others, or they are too close); click the fourth corner again, Backspace takes back the third"
                )
            } else {
                cornerPicks = nil
                pageCorners = picks
                zoom = 1
                centre = Point(0.5, 0.5)
                notice = Message("page straightened (t: the whole picture again)")
            }
        default:
            break
        }
        return nil
    }
}
