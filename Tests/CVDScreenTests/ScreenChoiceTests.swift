import Testing

@testable import CVDScreen

/// What `--screen` and `--region` choose, given a desktop's monitors: the classroom's
/// laptop panel (primary) and projector, as RandR lists them.
@Suite struct ScreenChoiceTests {
    static let screen = ScreenRect(x: 0, y: 0, width: 3200, height: 1080)
    static let projector = Monitor(
        name: "HDMI-1", rect: ScreenRect(x: 1920, y: 0, width: 1280, height: 800), primary: false)
    static let laptop = Monitor(name: "eDP-1", rect: ScreenRect(x: 0, y: 0, width: 1920, height: 1080), primary: true)
    /// RandR's order: the projector listed first; desktops count the primary first.
    static let monitors = [projector, laptop]

    static func choose(_ monitor: String?, region: String? = nil, display: Int = 1) throws(ScreenError) -> ScreenRect {
        try ScreenChoice.resolve(
            monitor: monitor, region: region, monitors: monitors, screen: screen, windowDisplay: display
        ).rect
    }

    @Test func monitorsByNameOrNumberPrimaryFirst() throws {
        #expect(try Self.choose("1") == Self.laptop.rect)
        #expect(try Self.choose("2") == Self.projector.rect)
        #expect(try Self.choose("hdmi-1") == Self.projector.rect, "names are matched without case")
        #expect(try Self.choose("eDP-1") == Self.laptop.rect)
    }

    /// Without a monitor: one the window does not open on — the classroom's `--screen
    /// --display 2` reads the laptop, a plain `--screen` (window on display 1) the projector.
    @Test func withoutAMonitorTheOneTheWindowIsNotOn() throws {
        #expect(try Self.choose(nil, display: 2) == Self.laptop.rect)
        #expect(try Self.choose("auto", display: 1) == Self.projector.rect)
        // One monitor: its left half, the window on its right half.
        let one = try ScreenChoice.resolve(
            monitor: nil, region: nil, monitors: [Self.laptop], screen: Self.laptop.rect)
        #expect(one.rect == ScreenRect(x: 0, y: 0, width: 960, height: 1080) && one.name == "monitor eDP-1")
        #expect(one.whole == Self.laptop.rect && one.halved)
        #expect(one.windowArea == ScreenRect(x: 960, y: 0, width: 960, height: 1080))
        // No RandR: the whole screen, one monitor — halved as well.
        let none = try ScreenChoice.resolve(monitor: "1", region: nil, monitors: [], screen: Self.screen)
        #expect(none.whole == Self.screen && none.rect == ScreenRect(x: 0, y: 0, width: 1600, height: 1080))
    }

    /// Where the window opens: on a monitor not read — the one it would open on, if it is
    /// such — or, on the monitor read, beside the region; nowhere when there is no room.
    @Test func theWindowOpensOffWhatIsRead() throws {
        func area(_ monitor: String?, region: String? = nil, display: Int = 1) throws -> ScreenRect? {
            try ScreenChoice.resolve(
                monitor: monitor, region: region, monitors: Self.monitors, screen: Self.screen, windowDisplay: display
            ).windowArea
        }
        #expect(try area("2") == Self.laptop.rect)
        #expect(try area("1") == Self.projector.rect, "the window's own display is read: the other")
        #expect(try area(nil, display: 2) == Self.projector.rect)
        #expect(try area(nil, region: "400x300+2000+100") == Self.laptop.rect)
        // One monitor and a region: the largest strip beside it, if a window fits there.
        let one = [Self.laptop]
        func beside(_ region: String) throws -> ScreenRect? {
            try ScreenChoice.resolve(monitor: nil, region: region, monitors: one, screen: Self.laptop.rect).windowArea
        }
        #expect(try beside("800x1080+0+0") == ScreenRect(x: 800, y: 0, width: 1120, height: 1080))
        #expect(try beside("1920x700+0+380") == ScreenRect(x: 0, y: 0, width: 1920, height: 380))
        #expect(try beside("1800x1000+60+40") == nil, "no room for a window")
    }

    @Test func anUnknownMonitorNamesThoseThereAre() {
        for given in ["3", "0", "DP-2"] {
            #expect(throws: ScreenError.unknownMonitor(given, Self.monitors.numbered)) { try Self.choose(given) }
        }
        let text = ScreenError.unknownMonitor("DP-2", Self.monitors).description
        #expect(
            text
                == "there is no monitor \"DP-2\"; the monitors are 1: eDP-1, 1920×1080 at 0,0 (primary); 2: HDMI-1, 1280×800 at 1920,0"
        )
    }

    /// X11 geometry as xwininfo prints it; negative offsets from the right and bottom edges.
    @Test func regionsInX11Geometry() throws {
        #expect(try Self.choose(nil, region: "800x600+100+50") == ScreenRect(x: 100, y: 50, width: 800, height: 600))
        #expect(try Self.choose(nil, region: "800x600") == ScreenRect(x: 0, y: 0, width: 800, height: 600))
        #expect(try Self.choose(nil, region: "640x480-0-0") == ScreenRect(x: 2560, y: 600, width: 640, height: 480))
        #expect(try Self.choose(nil, region: " 10X10+0+0 ") == ScreenRect(x: 0, y: 0, width: 10, height: 10))
        #expect(try Self.choose("2", region: "10x10+5+5").x == 5, "a region needs no monitor")
    }

    @Test(arguments: [
        "", "800", "800x", "x600", "800x600+1", "800x600+1+", "0x600+0+0", "800x600+a+b", "800*600", "1234567x1+0+0",
        "800x600+0+0+0",
    ])
    func malformedGeometry(text: String) {
        #expect(throws: ScreenError.malformedGeometry(text)) { try Self.choose(nil, region: text) }
    }

    @Test func aRegionOffTheScreenSaysTheScreensSize() throws {
        let off = ScreenRect(x: 3000, y: 0, width: 800, height: 600)
        #expect(throws: ScreenError.regionOffScreen(off, Self.screen)) {
            try Self.choose(nil, region: "800x600+3000+0")
        }
        #expect(
            ScreenError.regionOffScreen(off, Self.screen).description
                == "--region 800x600+3000+0 goes off the screen, which is 3200x1080: give a region inside it")
    }

    /// The patch left for cvdcam's own window: grey and darker stripes, opaque, only there.
    @Test func theOwnWindowsPatchIsNeutralAndOnlyThere() {
        var frame = [UInt8](repeating: 7, count: 40 * 30 * 4)
        ScreenSource.hatch(ScreenRect(x: 10, y: 5, width: 20, height: 10), in: &frame, width: 40)
        var stripes = Set<UInt8>()
        for y in 0..<30 {
            for x in 0..<40 {
                let o = (y * 40 + x) * 4
                let inside = x >= 10 && x < 30 && y >= 5 && y < 15
                if inside {
                    #expect(frame[o] == frame[o + 1] && frame[o + 1] == frame[o + 2] && frame[o + 3] == 255)
                    stripes.insert(frame[o])
                } else {
                    #expect(frame[o] == 7 && frame[o + 3] == 7)
                }
            }
        }
        #expect(stripes == [96, 150])
    }

    /// A rectangle dragged over the frozen monitor (Shift+R): either way round, whole
    /// pixels in the monitor's own place on the screen, at least 16 × 16, never past its edges.
    @Test func aDraggedRectangleBecomesWholePixelsInsideTheMonitor() {
        let m = Self.projector.rect // 1280x800+1920+0
        #expect(
            ScreenRect(dragged: (0.25, 0.5, 0.75, 1.0), over: m) == ScreenRect(x: 2240, y: 400, width: 640, height: 400)
        )
        #expect(
            ScreenRect(dragged: (0.75, 1.0, 0.25, 0.5), over: m) == ScreenRect(x: 2240, y: 400, width: 640, height: 400)
        )
        #expect(
            ScreenRect(dragged: (0.5, 0.5, 0.5, 0.5), over: m) == ScreenRect(x: 2560, y: 400, width: 16, height: 16))
        #expect(
            ScreenRect(dragged: (0.999, 0.999, 1.0, 1.0), over: m) == ScreenRect(x: 3199, y: 799, width: 1, height: 1))
        #expect(ScreenRect(dragged: (0, 0, 1, 1), over: m) == m)
    }

    /// A monitor followed through a change of the screen's layout: moved, resized, gone
    /// from the list, or left outside a screen that shrank.
    @Test func aMonitorFollowedWhenTheLayoutChanges() {
        let moved = Monitor(name: "HDMI-1", rect: ScreenRect(x: 0, y: 1080, width: 1280, height: 800), primary: false)
        let tall = ScreenRect(x: 0, y: 0, width: 1920, height: 1880)
        #expect(ScreenChoice.follow("HDMI-1", monitors: Self.monitors, screen: Self.screen) == Self.projector.rect)
        #expect(ScreenChoice.follow("HDMI-1", monitors: [Self.laptop, moved], screen: tall) == moved.rect)
        #expect(ScreenChoice.follow("HDMI-1", monitors: [Self.laptop], screen: Self.laptop.rect) == nil)
        let narrow = ScreenRect(x: 0, y: 0, width: 1920, height: 1080)
        #expect(ScreenChoice.follow("HDMI-1", monitors: Self.monitors, screen: narrow) == nil)
        // Without RandR monitors the whole screen is "screen", as large as it is now.
        #expect(ScreenChoice.follow("screen", monitors: nil, screen: narrow) == narrow)
        // RandR listing no monitor: every output is off, and the monitor read is gone.
        #expect(ScreenChoice.follow("screen", monitors: [], screen: narrow) == nil)
        // A region's monitor is the one its middle lies on.
        let region = try? ScreenChoice.resolve(
            monitor: nil, region: "200x200+2000+100", monitors: Self.monitors, screen: Self.screen)
        #expect(region?.monitor == "HDMI-1")
    }
}
