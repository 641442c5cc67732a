// The words forms share with the daemon's contract and the front ends —
// field kinds and validity reasons — are declared once, in
// WidgetsVocabulary, and are this library's too.
@_exported import WidgetsVocabulary
