import CVDCore
import CVDSources
import Testing

@testable import CVDScreen

/// Never a hall of mirrors through the portal (`PortalScreenSource+OwnWindow.swift`).
@Suite struct PortalOwnWindowTests {
    /// Through the portal the picture is held while the shared monitor's middle lies on the
    /// display cvdcam's window is on, and not once the window is on another display.
    @Test func theSharedMonitorOnTheWindowsDisplay() throws {
        let source = try PortalScreenSource(region: nil, fps: FrameRate(30)!, cursor: false, reporter: SilentReporter())
        let projector = ScreenRect(x: 1920, y: 0, width: 1280, height: 800)
        #expect(!source.showsItself(projector), "nothing said yet of the window's display")
        source.ownWindowDisplay(ScreenRect(x: 1920, y: 0, width: 1280, height: 800))
        #expect(source.showsItself(projector))
        #expect(!source.showsItself(nil), "a shared window: no monitor given")
        source.ownWindowDisplay(ScreenRect(x: 0, y: 0, width: 1920, height: 1080))
        #expect(!source.showsItself(projector))
        source.ownWindowHidden()
        #expect(!source.showsItself(ScreenRect(x: 0, y: 0, width: 1920, height: 1080)))
    }

}
