// Measures rxwidgetsd against the bus's own floor (Peer.Ping, answered by
// libdbus inside the daemon without running any of its code) and prints one
// markdown table. `make bench` runs it pinned to one CPU with taskset; every
// process it starts (bus, daemon) inherits that pinning.

runBenchmark()
