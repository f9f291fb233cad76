"""Parquet schemas for the lake's tables, fixed or derived from the data's own JSON Schemas (never inferred
from the rows), and the writer turning `assess ingest`'s NDJSON rows into Parquet with them.

A table's columns are its declared columns, in order, then any other field its rows have (in the order
first seen). A declared column is typed from its JSON Schema: `string`, `number` (double), `integer`
(int64) or `boolean`; every other column is a string column holding the value itself when it is a string
and its JSON text otherwise (objects, arrays, values of a field the schema does not declare or types
loosely). Every column is nullable; a value that does not fit its declared type (which `--tolerated`
can let through) stops the run with the record, table and field named.
"""
import json
import os
from urllib.parse import urldefrag, urljoin

STRING, DOUBLE, LONG, BOOLEAN = "string", "double", "long", "boolean"
# The fields `assess ingest` inserts in every row of Sage's datasets (the partition keys come from the
# folders and are not stored in the files).
PARTITION_KEYS = ("assessmentid", "year", "month", "day")
INSERTED = (("recordid", STRING), ("filename", STRING))
# The upload fields `assess ingest` adds to ArchiveMetadata rows from the manifest (S3's metadata: text).
UPLOAD = tuple((name, STRING) for name in ("assessmentrevision", "appid", "uploadedon", "clientinfo"))
# Our own tables: the columns `assess ingest` writes today; a field added later is a string column too
# (text as is, other values as JSON text), so it still lands.
_S = STRING
OWN_TABLES = {
    "assess_runs": (("recordid", _S), ("taskRunUUID", _S), ("archive", _S), ("recordIdFrom", _S), ("assessmentRevision", LONG),
                    ("appId", _S), ("uploadedOn", _S), ("clientInfo", _S), ("identifier", _S), ("startDate", _S), ("endDate", _S),
                    ("files", LONG), ("datasetObjects", LONG), ("notes", _S), ("upload", _S)),
    "assess_answers": (("recordid", _S), ("taskRunUUID", _S), ("stepPath", _S), ("identifier", _S), ("answerType", _S),
                       ("value", _S), ("valueString", _S), ("valueNumber", DOUBLE), ("valueBoolean", BOOLEAN),
                       ("startDate", _S), ("endDate", _S)),
    "assess_steps": (("recordid", _S), ("taskRunUUID", _S), ("order", LONG), ("stepPath", _S), ("identifier", _S), ("type", _S),
                     ("depth", LONG), ("startDate", _S), ("endDate", _S)),
    "assess_files": (("recordid", _S), ("taskRunUUID", _S), ("filename", _S), ("lookupName", _S), ("schema", _S), ("chosenBy", _S),
                     ("status", _S), ("dataset", _S), ("bytes", LONG), ("toleratedErrors", LONG), ("notes", _S)),
    # Rejected inputs are whatever came: their manifest's revision is kept as text.
    "assess_rejected": (("input", _S), ("status", _S), ("reasons", _S), ("taskRunUUID", _S), ("assessmentId", _S),
                        ("assessmentRevision", _S), ("appId", _S), ("recordId", _S), ("errors", _S)),
}
REJECTED = "assess_rejected"


class SchemaRegistry:
    """JSON Schema documents by URI (`$id`, and each embedded `$id`), from `--ref-dir` folders and a catalog."""

    def __init__(self):
        self.documents = {}

    def add_folder(self, folder):
        for root, _, files in os.walk(folder):
            for name in sorted(files):
                if name.endswith(".json"):
                    self.add_file(os.path.join(root, name))

    def add_file(self, path, uri=None):
        try:
            with open(path, encoding="utf-8") as source:
                document = json.load(source)
        except (OSError, ValueError):
            return
        if isinstance(document, dict):
            self.add(document, uri or document.get("$id"))

    def add_catalog(self, path):
        """A catalog: a JSON object of schema URI → file (relative to the catalog's folder)."""
        with open(path, encoding="utf-8") as source:
            catalog = json.load(source)
        folder = os.path.dirname(os.path.abspath(path))
        for uri, file in (catalog.items() if isinstance(catalog, dict) else []):
            if isinstance(file, str):
                self.add_file(os.path.join(folder, file), uri)

    def add(self, document, uri):
        if isinstance(uri, str):
            self.documents.setdefault(urldefrag(uri)[0], document)

    def resolve(self, reference, base, document):
        """(schema, base URI, document) that `reference` names, or None when it is nowhere."""
        target = urljoin(base or "", reference)
        address, fragment = urldefrag(target)
        root = document if address == urldefrag(base or "")[0] else self.documents.get(address)
        if root is None:
            return None
        node = root
        if fragment.startswith("/"):
            for token in fragment[1:].split("/"):
                token = token.replace("~1", "/").replace("~0", "~")
                if isinstance(node, dict) and token in node:
                    node = node[token]
                elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
                    node = node[int(token)]
                else:
                    return None
        elif fragment:
            node = find_anchor(root, "#" + fragment)
        return None if node is None else (node, address, root)


def find_anchor(node, anchor):
    """The subschema whose `$id` is the plain-name fragment `anchor` (draft-07's location-independent ids)."""
    if isinstance(node, dict):
        if node.get("$id") == anchor:
            return node
        children = node.values()
    elif isinstance(node, list):
        children = node
    else:
        return None
    for child in children:
        found = find_anchor(child, anchor)
        if found is not None:
            return found
    return None


def kind_of(schema, base, document, registry, depth=0):
    """The column type of a value described by `schema`: a scalar type, or STRING for everything else."""
    schema, base, document = follow(schema, base, document, registry, depth)
    if not isinstance(schema, dict):
        return STRING
    types = schema.get("type")
    if isinstance(types, list):
        types = [t for t in types if t != "null"]
        types = types[0] if len(types) == 1 else ("number" if sorted(types) == ["integer", "number"] else None)
    return {"string": STRING, "number": DOUBLE, "integer": LONG, "boolean": BOOLEAN}.get(types, STRING)


def follow(schema, base, document, registry, depth=0):
    """`schema` with `$ref`s followed (at most 32), and the base URI and document it is read in."""
    while isinstance(schema, dict) and isinstance(schema.get("$ref"), str) and depth < 32:
        found = registry.resolve(schema["$ref"], base, document)
        if found is None:
            return None, base, document
        schema, base, document = found
        depth += 1
    return schema, base, document


def row_columns(schema, base, document, registry):
    """The declared columns of one row: the properties of the object (an array's items for an array
    schema), merged over `allOf`/`anyOf`/`oneOf` branches; a property declared with two types is text."""
    columns = {}

    def visit(node, base, document, depth):
        node, base, document = follow(node, base, document, registry)
        if not isinstance(node, dict) or depth > 8:
            return
        if node.get("type") == "array" or ("items" in node and "properties" not in node):
            if isinstance(node.get("items"), dict):
                visit(node["items"], base, document, depth + 1)
            return
        for name, property_schema in (node.get("properties") or {}).items():
            kind = kind_of(property_schema, base, document, registry)
            columns[name] = kind if columns.get(name, kind) == kind else STRING
        for key in ("allOf", "anyOf", "oneOf"):
            for branch in node.get(key) or []:
                visit(branch, base, document, depth + 1)

    visit(schema, base, document, 0)
    return list(columns.items())


def dataset_columns(archive_map, registry, names):
    """Declared columns of every dataset named in the archive map: {dataset: [(column, type)]}. Datasets a
    file's metadata names at run time (not in the map) get the inserted columns only."""
    uris = set()

    def collect(node):
        if isinstance(node, dict):
            if isinstance(node.get("jsonSchema"), str):
                uris.add(node["jsonSchema"])
            for value in node.values():
                collect(value)
        elif isinstance(node, list):
            for value in node:
                collect(value)

    collect(archive_map)
    tables = {}
    for uri in sorted(uris):
        name = dataset_name(uri, names)
        document = registry.documents.get(urldefrag(uri)[0])
        declared = row_columns(document, urldefrag(uri)[0], document, registry) if document is not None else []
        merged = dict(tables.get(name, []))
        for column, kind in declared:
            merged[column] = kind if merged.get(column, kind) == kind else STRING
        tables[name] = list(merged.items())
    return tables


def dataset_name(uri, names):
    """As `assess ingest` names it: `--dataset-names`' entry, else the URI's file name without `.json`."""
    if uri in names:
        return names[uri]
    last = urldefrag(uri)[0].rstrip("/").rsplit("/", 1)[-1]
    return last[:-5] if last.endswith(".json") else last


def table_columns(table, datasets):
    """A table's declared columns: ours fixed, Sage's datasets the inserted fields then the schema's."""
    if table in OWN_TABLES:
        return list(OWN_TABLES[table])
    declared = list(INSERTED) + (list(UPLOAD) if table.startswith("ArchiveMetadata") else [])
    taken = {name for name, _ in declared}
    declared += [(name, kind) for name, kind in datasets.get(table, []) if name not in taken and name not in PARTITION_KEYS]
    return declared


class TableError(Exception):
    """A row that cannot be written (a value that does not fit its declared column)."""


def cell(value, kind, table, row, name):
    """`value` as a value of a column of type `kind`."""
    if value is None:
        return None
    if kind == STRING:
        return value if isinstance(value, str) else json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    numeric = isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind == BOOLEAN and isinstance(value, bool):
        return value
    if kind == DOUBLE and numeric:
        return float(value)
    if kind == LONG and numeric and (isinstance(value, int) or value.is_integer()) and -2 ** 63 <= value < 2 ** 63:
        return int(value)
    raise TableError("table %s, record %s: field %s is declared %s by its schema but holds %s"
                     % (table, row.get("recordid", row.get("recordId", "?")), name, kind, json.dumps(value)[:80]))


class TableWriter:
    """Writes one table partition's rows into Parquet files under `folder` (on `filesystem`), in batches of
    `batch_rows` rows, so memory holds one batch. A field no file column covers starts a new file whose
    columns are the old ones plus it; `files` lists (path, rows) of every file written."""

    def __init__(self, filesystem, folder, stem, table, declared, drop=(), batch_rows=4096):
        self.filesystem, self.folder, self.stem, self.table = filesystem, folder, stem, table
        self.declared, self.drop, self.batch_rows = list(declared), set(drop), batch_rows
        self.columns = None
        self.pending = []
        self.writer = None
        self.files = []

    def add(self, row):
        for name in self.drop:
            row.pop(name, None)
        self.pending.append(row)
        if len(self.pending) >= self.batch_rows:
            self.flush()

    def flush(self):
        if not self.pending:
            return
        import pyarrow as pa
        import pyarrow.parquet as pq
        known = {name for name, _ in (self.columns or self.declared)}
        extra = []
        for row in self.pending:
            extra += [name for name in row if name not in known and name not in extra]
        if self.columns is None or extra:
            self.close()
            self.columns = (self.columns or self.declared) + [(name, STRING) for name in extra]
            path = "%s/%s-%d.parquet" % (self.folder, self.stem, len(self.files))
            self.filesystem.create_dir(self.folder, recursive=True)
            self.writer = pq.ParquetWriter(path, self.schema(), filesystem=self.filesystem, compression="snappy")
            self.files.append([path, 0])
        self.writer.write_batch(pa.record_batch([self.column(name, kind) for name, kind in self.columns], schema=self.schema()))
        self.files[-1][1] += len(self.pending)
        self.pending = []

    def column(self, name, kind):
        """One column of the pending rows, converted by Arrow; value by value (`cell`) when a value is not
        exactly of the column's Python types (an integral float in a long column, or one that does not fit)."""
        import pyarrow as pa
        values = [row.get(name) for row in self.pending]
        if kind == STRING:
            values = [v if v is None or v.__class__ is str else cell(v, kind, self.table, None, name) for v in values]
        elif any(v.__class__ not in EXACT[kind] for v in values if v is not None):
            values = [cell(row.get(name), kind, self.table, row, name) for row in self.pending]
        return pa.array(values, type=ARROW[kind]())

    def schema(self):
        import pyarrow as pa
        return pa.schema([pa.field(name, ARROW[kind](), nullable=True) for name, kind in self.columns])

    def close(self):
        if self.writer is not None:
            self.writer.close()
            self.writer = None

    def finish(self):
        self.flush()
        self.close()
        return [tuple(file) for file in self.files]


def _arrow(name):
    def make():
        import pyarrow as pa
        return {"string": pa.string, "double": pa.float64, "long": pa.int64, "boolean": pa.bool_}[name]()
    return make


ARROW = {kind: _arrow(kind) for kind in (STRING, DOUBLE, LONG, BOOLEAN)}
# The Python types Arrow converts to each column type without loss.
EXACT = {DOUBLE: (int, float), LONG: (int,), BOOLEAN: (bool,)}
