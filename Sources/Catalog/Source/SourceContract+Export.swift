// The source contract is a module of its own (ObjectStore builds on it without the catalog);
// whoever imports Catalog sees it too, as before it was split out.
@_exported import SourceContract
