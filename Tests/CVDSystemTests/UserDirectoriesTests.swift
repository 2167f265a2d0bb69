import CVDSystem
import Testing

@Suite struct UserDirectoriesTests {
    let file = """
        # This file is written by xdg-user-dirs-update
        XDG_DESKTOP_DIR="$HOME/Desktop"
        XDG_PICTURES_DIR="$HOME/Bilder"
        XDG_VIDEOS_DIR="$HOME/"
        """

    @Test func readsTheNamedFolderWithHomeExpanded() {
        #expect(UserDirectories.userDir("PICTURES", in: file, home: "/home/ann") == "/home/ann/Bilder")
        #expect(UserDirectories.userDir("DESKTOP", in: file, home: "/home/ann") == "/home/ann/Desktop")
    }

    @Test func missingOrDisabledFoldersAreNil() {
        #expect(UserDirectories.userDir("MUSIC", in: file, home: "/home/ann") == nil)
        #expect(UserDirectories.userDir("VIDEOS", in: file, home: "/home/ann") == nil, "the home folder means disabled")
    }

    @Test func withoutAConfigFileItIsPicturesInHome() {
        let env = ["HOME": "/nonexistent-home", "XDG_CONFIG_HOME": "/nonexistent-config"]
        #expect(UserDirectories.pictures(environment: env) == "/nonexistent-home/Pictures")
    }
}
