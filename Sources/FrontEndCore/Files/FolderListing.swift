import Glibc
import Localization

/// A folder's entries as this process sees them: the front end lists
/// folders as the person who runs it, never the daemon.
package enum FolderListing {
    /// The entries of `folder` (the empty path: the working directory),
    /// without `.` and `..`; the folder listed, and why it could not be.
    package static func list(_ folder: String) -> (folder: String, entries: [FileModel.Entry], error: String?) {
        let path = folder.isEmpty ? workingDirectory : folder
        guard let directory = opendir(path) else {
            // TRANSLATORS: {0} is a folder's path, {1} the system's reason (as "Permission denied").
            return (path, [], tr("cannot list {0}: {1}", path, String(cString: strerror(errno))))
        }
        defer { closedir(directory) }
        var entries: [FileModel.Entry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != ".." else { continue }
            var info = stat()
            let isFolder = stat(path == "/" ? "/\(name)" : "\(path)/\(name)", &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            entries.append(FileModel.Entry(name: name, isFolder: isFolder))
        }
        return (path, entries, nil)
    }

    /// Whether something is at `path`.
    package static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// `path` as typed by the person: absolute as it is, else under the
    /// working directory (`~/` under the home folder).
    package static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") || path.isEmpty { return path }
        if path == "~" || path.hasPrefix("~/"), let home = getenv("HOME") {
            return String(cString: home) + path.dropFirst()
        }
        return (workingDirectory == "/" ? "" : workingDirectory) + "/" + path
    }

    private static var workingDirectory: String {
        guard let cwd = getcwd(nil, 0) else { return "/" }
        defer { free(cwd) }
        return String(cString: cwd)
    }
}
