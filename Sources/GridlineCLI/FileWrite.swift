import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open directory: files are made, checked and renamed relative to it (`openat`,
/// `renameat`), so a name is looked up in this directory and nowhere else, whatever
/// happens to the path that led here.
package final class OpenDirectory: Sendable {
  package let descriptor: Int32

  /// Opens `path` (a symbolic link to a directory is followed: the path is the user's).
  package init(_ path: String) throws(FileError) {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw .last }
    descriptor = fd
  }

  private init(descriptor: Int32) { self.descriptor = descriptor }

  deinit { close(descriptor) }

  /// What `name` is here, the link itself for a symbolic link; nil when nothing is.
  package func kind(of name: String) throws(FileError) -> mode_t? {
    var info = stat()
    guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
      if errno == ENOENT { return nil }
      throw .last
    }
    return info.st_mode & S_IFMT
  }

  /// The directory `name` in this one, never through a symbolic link (`O_NOFOLLOW`); made
  /// with `mode` when it does not exist and `create` is set.
  package func subdirectory(_ name: String, create: Bool, mode: mode_t = 0o755) throws(FileError)
    -> OpenDirectory
  {
    let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
    var fd = openat(descriptor, name, flags)
    if fd < 0 && errno == ENOENT && create {
      // Another process may make it in between: EEXIST is success.
      guard mkdirat(descriptor, name, mode) == 0 || errno == EEXIST else { throw .last }
      fd = openat(descriptor, name, flags)
    }
    guard fd >= 0 else { throw .last }
    return OpenDirectory(descriptor: fd)
  }
}

private let temporaryNumber = Atomic<Int>(0)

extension OpenDirectory {
  /// Replaces the file `name` in this directory whole: writes and syncs a temporary file
  /// beside it, then renames it over `name`, so a reader sees the old file or the new one,
  /// never half of one. Only a regular file is replaced (`FileError.notRegularFile`; a
  /// directory is `EISDIR`; a symbolic link `FileError.symbolicLink`, as the rename would
  /// put the file where the link was and the caller chose not to follow it). With
  /// `exactMode` the new file gets `mode` whatever the umask (a rewritten file keeps its
  /// permissions); with `owner`, that owner and group, or `FileError.ownerNotKept`.
  package func replace(
    _ name: String, with bytes: [UInt8], mode: mode_t, exactMode: Bool = false,
    owner: (user: uid_t, group: gid_t)? = nil
  ) throws(FileError) {
    switch try kind(of: name) {
    case nil, S_IFREG?: break
    case S_IFDIR?: throw FileError(code: EISDIR)
    case S_IFLNK?: throw .symbolicLink
    default: throw .notRegularFile
    }
    // Unique per call, not only per process: `gl test` updates goldens from many threads.
    let number = temporaryNumber.add(1, ordering: .relaxed).newValue
    let temporary = "\(name).\(getpid()).\(number).tmp"
    let flags = O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC
    let fd = openat(descriptor, temporary, flags, mode)
    guard fd >= 0 else { throw .last }
    do throws(FileError) {
      defer { close(fd) }
      // Before the mode: changing hands clears the set-user and set-group bits.
      if let owner {
        var made = stat()
        guard fstat(fd, &made) == 0 else { throw .last }
        if made.st_uid != owner.user || made.st_gid != owner.group {
          guard fchown(fd, owner.user, owner.group) == 0 else {
            throw errno == EPERM ? .ownerNotKept : .last
          }
        }
      }
      if exactMode && fchmod(fd, mode) != 0 { throw .last }
      try writeAll(bytes, to: fd)
      guard fsync(fd) == 0 else { throw .last }
      guard renameat(descriptor, temporary, descriptor, name) == 0 else { throw .last }
    } catch {
      unlinkat(descriptor, temporary, 0)
      throw error
    }
  }
}

/// Writes every byte to `fd`, going on after a partial write or an interruption.
package func writeAll(_ bytes: [UInt8], to fd: Int32) throws(FileError) {
  let failure: FileError? = bytes.withUnsafeBufferPointer { buffer in
    var done = 0
    while done < buffer.count {
      let n = write(fd, buffer.baseAddress! + done, buffer.count - done)
      if n < 0 && errno == EINTR { continue }
      // No progress without an error would loop for ever; report it as an I/O error.
      if n <= 0 { return n < 0 ? .last : FileError(code: EIO) }
      done += n
    }
    return nil
  }
  if let failure { throw failure }
}

/// Replaces `path` whole (`OpenDirectory.replace`): a path the user gave. A symbolic link
/// is followed, so the link stays and the file it names is replaced, as a shell's `>`
/// would; a dangling link is an error rather than a file made somewhere else.
package func replaceFile(
  _ path: String, with text: String, mode: mode_t, exactMode: Bool = false,
  followsLink: Bool = true
) throws(FileError) {
  try replaceFile(
    path, with: Array(text.utf8), mode: mode, exactMode: exactMode, followsLink: followsLink)
}

/// `replaceFile` of bytes, e.g. a history that keeps bytes that are not UTF-8. With
/// `followsLink` false a symbolic link at `path` is refused (`FileError.symbolicLink`)
/// rather than written through: for files gl found itself, not named by the user (the
/// goldens of `gl test --update`).
package func replaceFile(
  _ path: String, with bytes: [UInt8], mode: mode_t, exactMode: Bool = false,
  followsLink: Bool = true, owner: (user: uid_t, group: gid_t)? = nil
) throws(FileError) {
  var target = path
  var info = stat()
  if followsLink && lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK {
    guard let resolved = realpath(path, nil) else { throw .last }
    target = String(cString: resolved)
    free(resolved)
  }
  let slash = target.lastIndex(of: "/")
  let folder = slash.map { $0 == target.startIndex ? "/" : String(target[..<$0]) } ?? "."
  let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
  // Commands refuse an empty name before they get here; a name ending in `/` is a folder.
  guard !name.isEmpty else { throw FileError(code: path.isEmpty ? ENOENT : EISDIR) }
  try OpenDirectory(folder).replace(
    name, with: bytes, mode: mode, exactMode: exactMode, owner: owner)
}

/// Rewrites an existing file in place (`gl fmt -i`): atomically, through `replaceFile` on
/// the file a symbolic link names, keeping its permissions, its owner and its group (a
/// rewrite that cannot keep them is refused: `FileError.ownerNotKept`). A file without write
/// permission is refused with `EACCES` even for root, who could otherwise replace it:
/// its owner made it read-only, and a formatter should not override that.
package func rewriteFile(_ path: String, with text: String) throws(FileError) {
  guard let resolved = realpath(path, nil) else { throw .last }
  let target = String(cString: resolved)
  free(resolved)
  var info = stat()
  guard stat(target, &info) == 0 else { throw .last }
  guard access(target, W_OK) == 0 else { throw .last }
  if info.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH) == 0 { throw FileError(code: EACCES) }
  try replaceFile(
    target, with: Array(text.utf8), mode: info.st_mode & 0o7777, exactMode: true,
    owner: (info.st_uid, info.st_gid))
}

/// `mkdir -p` of an absolute path.
package func makeDirectories(_ directory: String, mode: mode_t) throws(FileError) {
  var path = ""
  for part in directory.split(separator: "/") {
    path += "/" + part
    if mkdir(path, mode) != 0 && errno != EEXIST { throw .last }
  }
}
