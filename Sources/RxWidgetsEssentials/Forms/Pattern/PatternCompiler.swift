struct PatternCompiler {
    var program: [Instruction] = []
    var sets: [CharacterMatcher] = []

    /// Appends one instruction; the one check of the program's size, so no
    /// program ever exceeds `Pattern.maximumProgramSize`.
    mutating func append(_ instruction: Instruction) throws {
        guard program.count < Pattern.maximumProgramSize else {
            throw PatternError(offset: 0, message: "the pattern is too large once its repetitions are expanded")
        }
        program.append(instruction)
    }

    private mutating func reserve() throws -> Int {
        try append(.match)
        return program.count - 1
    }

    mutating func emit(_ node: PatternNode) throws {
        switch node {
        case .character(let matcher):
            if matcher.isAny {
                try append(.anyButLineBreak)
            } else if !matcher.negated, matcher.items.count == 1, case .scalar(let scalar) = matcher.items[0] {
                try append(.scalar(scalar))
            } else {
                sets.append(matcher)
                try append(.set(sets.count - 1))
            }
        case .assertStart:
            try append(.assertStart)
        case .assertEnd:
            try append(.assertEnd)
        case .sequence(let items):
            for item in items {
                try emit(item)
            }
        case .alternation(let branches):
            var jumpsToEnd: [Int] = []
            for (index, branch) in branches.enumerated() {
                if index < branches.count - 1 {
                    let split = try reserve()
                    try emit(branch)
                    jumpsToEnd.append(try reserve())
                    program[split] = .split(split + 1, program.count)
                } else {
                    try emit(branch)
                }
            }
            for jump in jumpsToEnd {
                program[jump] = .jump(program.count)
            }
        case .repetition(let inner, let min, let max):
            for _ in 0..<min {
                try emit(inner)
            }
            if let max {
                var splits: [Int] = []
                for _ in min..<max {
                    splits.append(try reserve())
                    try emit(inner)
                }
                for split in splits {
                    program[split] = .split(split + 1, program.count)
                }
            } else {
                let split = try reserve()
                try emit(inner)
                try append(.jump(split))
                program[split] = .split(split + 1, program.count)
            }
        }
    }
}
