extension BenchmarkRun {
    /// Form.SetValue on the sign-up form, alternating a valid and a too
    /// short username, against a select's daemon CPU.
    func measureFormSet() {
        log("form-set")
        let stats = daemon.stats
        let form = createForm("bench", spec: "sign-up")
        let formCount = scaled(20_000)
        let ticksBeforeForm = stats.cpuTicks
        let formSet = sequential(formCount) { index in
            message(form, Widgets1.form, "SetValue", [.string("username"), .variant(.string(index % 2 == 0 ? "abcdef" : "ab"))])
        }
        let formCPU = ProcessStats.microseconds(ticks: stats.cpuTicks - ticksBeforeForm) / Double(formCount)
        rows.append(Row(name: "form-set", n: formCount, p50: formSet.p50, p99: formSet.p99, callsPerSecond: 1e6 / formSet.p50, ratio: formSet.p50 / pingP50,
                        note: String(format: "valid ↔ tooShort: ValueChanged, ValidationChanged, PropertiesChanged each time; daemon CPU %.0f µs per call, %.2f × a select's", formCPU, formCPU / selectCPU)))
    }

    /// SetValue on a 256-field form, without and then with 100 conditions
    /// that depend on the field set.
    func measureFormConditions() {
        log("form-conditions")
        let stats = daemon.stats
        var conditionCPU: [Double] = []
        for (name, spec) in [("plain", plainSpec), ("conditional", conditionalSpec)] {
            let form = createForm(name, spec: spec)
            let count = scaled(5_000)
            let ticks = stats.cpuTicks
            let result = sequential(count) { index in
                message(form, Widgets1.form, "SetValue", [.string("f0"), .variant(.string(index % 2 == 0 ? "hide" : "show"))])
            }
            conditionCPU.append(ProcessStats.microseconds(ticks: stats.cpuTicks - ticks) / Double(count))
            rows.append(Row(name: "form-set-\(name)", n: count, p50: result.p50, p99: result.p99, callsPerSecond: 1e6 / result.p50, ratio: conditionCPU.count == 2 ? conditionCPU[1] / conditionCPU[0] : nil,
                            note: name == "plain" ? String(format: "SetValue of f0 on a 256-field form; daemon CPU %.0f µs per call", conditionCPU[0])
                                : String(format: "the same with 100 fields visibleWhen f0 (100 FieldStateChanged a call); daemon CPU %.0f µs per call; ratio = conditional / plain CPU", conditionCPU[1])))
        }
    }
}
