/**
 * SQL builders of the migrations. Every resource table is a document table: the record as JSON in `doc`, its
 * id, creation time (epoch ms) and insertion order (`seq`, which breaks ties of creation time), and the columns
 * its queries filter or sort on, indexed. A row count per table is kept by triggers in `counts`, so the bounds
 * (records per kind) are read in constant time and roll back with the transaction that moved them.
 */

/** One extra column: its name, SQL type and whether it is indexed. */
export interface Column {
  name: string;
  type: 'TEXT' | 'INTEGER';
  index?: boolean;
  /** A unique index, for the non-null values only (SQLite allows many NULLs). */
  unique?: boolean;
}

/** The SQL creating the document table `name` with `columns`, its indexes and its count triggers. */
export function docTable(name: string, columns: readonly Column[]): string {
  const cols = columns.map((c) => `, ${c.name} ${c.type}`).join('');
  const indexes = columns
    .filter((c) => c.index || c.unique)
    .map((c) => `CREATE ${c.unique ? 'UNIQUE ' : ''}INDEX ${name}_${c.name} ON ${name} (${c.name});`)
    .join('\n');
  return `
CREATE TABLE ${name} (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, created INTEGER NOT NULL${cols}, doc TEXT NOT NULL);
CREATE INDEX ${name}_created ON ${name} (created, seq);
${indexes}
INSERT INTO counts (kind, n) VALUES ('${name}', 0);
CREATE TRIGGER ${name}_count_insert AFTER INSERT ON ${name} BEGIN UPDATE counts SET n = n + 1 WHERE kind = '${name}'; END;
CREATE TRIGGER ${name}_count_delete AFTER DELETE ON ${name} BEGIN UPDATE counts SET n = n - 1 WHERE kind = '${name}'; END;
`;
}

/** One schema change: applied once, in list order, recorded by its unique name. */
export interface Migration {
  name: string;
  sql: string;
}
