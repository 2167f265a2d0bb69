import CVDCore

extension KeyGuide {
    /// Every key, in the order the help sheet and the table list them.
    public static let all: [KeyGuide] = looking + teaching + camera + document + pen

    static let looking: [KeyGuide] = [
        KeyGuide(
            .looking, "1 – 8", N_("mode (see the list); 2×2: the pane under the pointer"),
            table: "`1` … `8` (top row or keypad)",
            "normal, protanopia, deuteranopia, tritanopia, protanomaly, deuteranomaly, tritanomaly, achromatopsia; in the 2×2 layout, for the pane under the pointer",
            keys: (1...8).map { .digit($0) }),
        KeyGuide(
            .looking, N_("PgUp  PgDn"), N_("previous / next mode (presenter clickers)"), table: "`PgDn` `PgUp`",
            "next / previous mode (what presenter clickers send)", keys: [.pageDown, .pageUp]),
        KeyGuide(
            .looking, "[  ]", N_("severity −/+ 0.1 (the -anomaly modes)"), table: "`[` `]`",
            "severity −/+ 0.1 (the -anomaly modes)", keys: [.leftBracket, .rightBracket]),
        KeyGuide(
            .looking, "m", N_("next model: %s"), listing: ModelKind.selectable.map(\.shortName), table: "`m`",
            "next model: " + ModelKind.selectable.map(\.displayName).joined(separator: " → "),
            keys: [.letter("m")]),
        KeyGuide(
            .looking, N_("+  −  wheel"), N_("zoom 1×–8× (the wheel: at the pointer)"), table: "`+` `-`, mouse wheel",
            "zoom 1×–8× (the wheel zooms at the pointer)", keys: [.plus, .minus]),
        KeyGuide(
            .looking, N_("arrows  drag"), N_("pan;  0 resets zoom and pan"), table: "arrows, mouse drag", "pan",
            keys: [.left, .right, .up, .down]),
        KeyGuide(.looking, "", "", table: "`0`", "reset zoom and pan", keys: [.digit(0)]),
        KeyGuide(
            .looking, "v", N_("layout: single, split, 2×2;  , . or drag: divider"), table: "`v`",
            "layout: single → split wipe (original left, simulated right) → 2×2 (normal, protanopia, deuteranopia, tritanopia, or `--quad`) → still | live once a still is grabbed (`g`)",
            keys: [.letter("v")]),
        KeyGuide(
            .looking, "", "", table: "`,` `.`, drag the divider",
            "move the split divider", keys: [.comma, .period]),
        KeyGuide(
            .looking, "l", N_("labels over the picture's edges / never on it"), table: "`l`",
            "labels beside the picture where there is room, else over its edges (`--labels-over-picture`); `l` again: the framed layout, the default, whose bands beside the picture, kept from the start, hold the labels — the picture never moves for one",
            keys: [.letter("l")]),
        KeyGuide(
            .looking, N_("space  s"), N_("freeze / unfreeze;  save a PNG of the window"), table: "`space`",
            "freeze / unfreeze (a **Frozen** chip with a pause sign shows while frozen)", keys: [.space]),
        KeyGuide(
            .looking, "", "", table: "`s`",
            "save a PNG of exactly what the window shows, in `~/Pictures/cvdcam/` (full path printed and shown)",
            keys: [.letter("s")]),
        KeyGuide(
            .looking, N_("f  Shift+F"), N_("full screen;  on the next display (projector)"), table: "`f`",
            "full screen (with or without a window manager)", keys: [.letter("f")]),
        KeyGuide(
            .looking, "", "", table: "`Shift+F`",
            "full screen on the next display — the projector (after the last display, the first again)",
            keys: [.letter("F")]),
        KeyGuide(
            .looking, "i", N_("frames shown and dropped, latency, fps, CPU"), table: "`i`",
            "frames shown, dropped (by cvdcam and by the camera), corrupt, median latency, fps, CPU %, memory now and at peak, the renderer, live (the figures of the line printed on quit)",
            keys: [.letter("i")]),
        KeyGuide(
            .looking, "h  q", N_("this help (F1 too; Esc closes it);  quit"), table: "`h`, `F1`",
            "help sheet: the keys and what each mode shows; `h` or `Esc` closes it", keys: [.letter("h"), .f1]),
        KeyGuide(
            .looking, "", "", table: "`q`",
            "quit (with probes, pen strokes or a still on screen too: `q` is the one key that quits)",
            keys: [.letter("q")]),
        KeyGuide(
            .looking, "Esc", N_("close what is open, leave full screen (never quits)"), table: "`Esc`",
            "close what is open — corner picking, the help sheet, the confusion map, the `i` figures, the camera panel — then leave full screen; it never quits",
            keys: [.escape]),
    ]

    static let teaching: [KeyGuide] = [
        KeyGuide(
            .teaching, N_("click  p"), N_("probe a colour; a second compares; Delete clears"),
            table: "click (no drag), `p`",
            "probe the colour there; a second probe compares the two; a third starts again; `Delete`/`Backspace` clears",
            keys: [.letter("p"), .delete, .backspace]),
        KeyGuide(
            .teaching, "x  z", N_("mark look-alikes of a colour;  check the material"), table: "`x`",
            "mark everything the pane's mode makes look like the colour under the pointer (or the last probe); `x` again or `Esc`: off",
            keys: [.letter("x")]),
        KeyGuide(
            .teaching, "", "", table: "`z`",
            "check the material: the pairs of colours each pane's mode confuses are outlined and numbered on the picture and listed in a band with a suggested replacement (`cvdcam check` does the same for files); `z` again: the picture as it is and recoloured with the suggestions, side by side, as a still; once more, or `Esc`: off",
            keys: [.letter("z")]),
        KeyGuide(
            .teaching, "c", N_("caption: what the mode is, how common it is"), table: "`c`",
            "caption strip: what the mode is in plain words and how common it is", keys: [.letter("c")]),
        KeyGuide(
            .teaching, "a", N_("cycle through the modes with captions"), table: "`a`",
            "step through the modes with captions (`--cycle-modes`, every `--cycle` seconds or 8); any other key stops",
            keys: [.letter("a")]),
        KeyGuide(
            .teaching, N_("Tab (hold)"), N_("the original picture"), table: "`Tab` (hold)",
            "the original picture in every pane while held", keys: [.tab]),
        KeyGuide(
            .teaching, "d", N_("assist (experimental); , . strength"), table: "`d`",
            "assist (experimental): original | simulated | assisted, then simulated; `,` `.` set its strength",
            keys: [.letter("d")]),
        KeyGuide(
            .teaching, "o", N_("virtual camera on / off"), table: "`o`",
            "virtual camera on / off: the simulated picture for video calls and OBS (needs v4l2loopback)",
            keys: [.letter("o")]),
    ]

    static let document: [KeyGuide] = [
        KeyGuide(
            .document, "r  e  t", N_("turn · mirror · straighten a page"), table: "`r`",
            "turn the picture a quarter turn clockwise (a camera over the desk shows the page upside down or sideways; `--rotate 0|90|180|270`)",
            keys: [.letter("r")]),
        KeyGuide(
            .document, "", "", table: "`e`",
            "mirror the picture left–right (a camera facing the teacher; `--mirror`)", keys: [.letter("e")]),
        KeyGuide(
            .document, "", "", table: "`t`",
            "straighten a page seen in perspective: click its four corners in any order (`Backspace` takes the last back, `Esc` stops); the page then fills the pane, upright; `t` again: the whole picture (`--straighten X,Y:X,Y:X,Y:X,Y`)",
            keys: [.letter("t")]),
        KeyGuide(
            .document, "", "", table: "`Shift+R`",
            "with `--screen`: pick the part of the screen to show — the whole monitor shows, frozen; drag a rectangle over the part (a click: all of it); `Shift+R` again or `Esc` stops (`--region WxH+X+Y`)",
            keys: [.letter("R")]),
    ]

    static let pen: [KeyGuide] = [
        KeyGuide(
            .document, "b  u  U", N_("pen · take a stroke back · clear"), table: "`b`",
            "the pen on / off: drag to draw on the picture (in every pane, at the same place; it follows zoom, pan, turning and straightening, and is in snapshots)",
            keys: [.letter("b")]),
        KeyGuide(.document, "", "", table: "`u`", "take the last pen stroke back", keys: [.letter("u")]),
        KeyGuide(.document, "", "", table: "`Shift+U`", "clear the pen's drawing", keys: [.letter("U")]),
        KeyGuide(
            .document, "g  G", N_("still | live · save the still"), table: "`g`",
            "grab the picture as a still and show still | live side by side, both in the view's mode (`--still FILE` starts with one; `v` goes round the layouts, still | live among them)",
            keys: [.letter("g")]),
        KeyGuide(
            .document, "", "", table: "`Shift+G`", "save the still as a PNG file beside the snapshots",
            keys: [.letter("G")]),
    ]

    static let camera: [KeyGuide] = [
        KeyGuide(
            .camera, "w", N_("balance on a white card in the middle (again: release)"), table: "`w`",
            "white card: with white or grey paper filling the middle of the picture, lock the camera's automatic white balance, exposure and gain and balance on the card (a **Balanced on card** chip shows); `w` again releases",
            keys: [.letter("w")]),
        KeyGuide(
            .camera, "n", N_("next camera"), table: "`n`",
            "next camera (in `/dev` order, round); cameras plugged in while the view runs show up by themselves",
            keys: [.letter("n")]),
        KeyGuide(
            .camera, "k", N_("camera panel: ↑ ↓ choose, ← → change, r default"), table: "`k`",
            "camera panel: the camera's exposure, gain, white balance, brightness, contrast, saturation, focus, zoom and power-line controls with their values; while it is open `↑` `↓` choose, `←` `→` change, `r` back to the default, `k` or `Esc` close",
            keys: [.letter("k")]),
    ]
}
