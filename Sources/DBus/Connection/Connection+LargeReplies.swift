import RxCoreEssentials

extension Connection {
    /// One reader of large replies for every connection of the process.
    private static let replyReader = BackgroundQueue(label: "reply-reader", nice: 0)

    /// Reads a large reply's body (kept as it came, `Message.kept`) on the
    /// reply reader's thread, within `replyLimits`, and hands the reply over
    /// once it is read. Nothing received after it is handed over before it,
    /// so the order of replies and signals is kept, while the loop serves
    /// everything else: a client's valid 64 MiB page of titles, checked whole
    /// on the loop, held every other client 350–555 ms.
    func readOffTheLoop(_ message: Message, for pending: PendingReply) {
        bridge.holdRouting()
        let serial = message.replySerial
        repliesBeingRead[serial] = pending
        let job = ReaderJob(message: message)
        let limits = replyLimits
        let owner = LoopOwned(self)
        Connection.replyReader.async {
            let values = Result<[DBusValue], any Error> {
                try job.message.inputArguments(named: [], maximumStringBytes: limits.maximumStringBytes, maximumDecodedBytes: limits.maximumDecodedBytes)
            }
            let handover = Handover(values)
            MainLoop.shared.post {
                job.message.predecoded = handover.take()
                guard let connection = owner.value else { return }
                let result: Result<Message, DBusError> = job.message.error.map { .failure($0) } ?? .success(job.message)
                connection.repliesBeingRead.removeValue(forKey: serial)?.settle(result)
                connection.bridge.resumeRouting()
            }
        }
    }
}
