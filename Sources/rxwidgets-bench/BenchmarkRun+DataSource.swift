import DBus

extension BenchmarkRun {
    /// Titles of 256 rows a call: of a picker whose rows a client serves
    /// (`AttachDataSource`, every page a cache miss, so each read is one
    /// question to the client and its answer), against the same pages of
    /// bound rows. The client is this process, on a connection of its own.
    func measureRemotePages() {
        log("remote-page")
        let rowCount = quick ? 100_000 : 1_000_000
        let page = 256
        let source: Connection
        do {
            source = try Connection(bus: .address(bus.address))
        } catch {
            fail("cannot connect the data source: \(error)")
        }
        defer { source.close() }
        let server = ObjectServer(connection: source)
        let rowsInterface = "org.rxwidgets.Widgets1.PickerDataSource"
        let object = ObjectPath("/bench/rows")!
        do {
            try server.export(object, interfaces: [Interface(rowsInterface, methods: [
                Method("RowCounts", out: [Argument("counts", "ai")]) { _ in [.array(element: .int32, [.int32(Int32(rowCount))])] },
                Method("Titles", in: [Argument("component", "i"), Argument("first", "i"), Argument("count", "i")], out: [Argument("titles", "as")]) { call in
                    let first: Int32 = try call.argument(1)
                    let count: Int32 = try call.argument(2)
                    return [.array(element: .string, (Int(first)..<Int(first) + Int(count)).map { .string(String(format: "row %010d", $0)) })]
                },
            ])])
        } catch {
            fail("cannot export the data source: \(error)")
        }
        let served = createPicker("served")
        let attach = message(served, Widgets1.picker, "AttachDataSource", [.objectPath(object), options([("page", .int32(Int32(page))), ("cache_pages", .int32(1))])])
        do {
            _ = try source.callAndWait(attach)
        } catch {
            fail("AttachDataSource failed: \(error)")
        }
        let bound = createPicker("bound")
        call(bound, Widgets1.picker, "SetItems", [pickerItems((0..<rowCount).map { String(format: "row %010d", $0) })], timeout: 300_000)
        let reads = min(scaled(2_000), rowCount / page)
        let pageAt = { (path: String) in { [self] (index: Int) in message(path, Widgets1.picker, "Titles", [.int32(0), .int32(Int32(index * page)), .int32(Int32(page))]) } }
        var wrong = 0
        let remote = sequential(reads, pageAt(served)) { reply in
            if (try? reply.arguments())?.first?.arrayElements?.count != page { wrong += 1 }
        }
        let local = sequential(reads, pageAt(bound))
        if wrong > 0 {
            log("remote-page: \(wrong) of \(reads) served pages did not have \(page) titles")
        }
        rows.append(Row(name: "remote-page", n: reads, p50: remote.p50, p99: remote.p99, callsPerSecond: 1e6 / remote.p50, ratio: remote.p50 / local.p50,
                        note: String(format: "Titles of %d served rows, each a cache miss asked of the client; ratio to the same page of bound rows (p50 %.0f µs)", page, local.p50)))
        call(Widgets1.root, Widgets1.manager, "Destroy", [.objectPath(ObjectPath(bound)!)])
        call(Widgets1.root, Widgets1.manager, "Destroy", [.objectPath(ObjectPath(served)!)])
    }
}
