-- Worst sessions: sessions ranked by findings (errors first, then warnings), with their dominant finding kind.
-- Parameters: none.
WITH counts AS (
    SELECT session_id, kind,
           SUM(CASE WHEN severity = 'error' THEN 1 ELSE 0 END) AS errors,
           SUM(CASE WHEN severity = 'warning' THEN 1 ELSE 0 END) AS warnings,
           COUNT(*) AS n
      FROM findings
     GROUP BY session_id, kind
), ranked AS (
    SELECT session_id, kind, n,
           ROW_NUMBER() OVER (PARTITION BY session_id ORDER BY n DESC, kind) AS position
      FROM counts
)
SELECT c.session_id,
       SUM(c.errors) AS errors,
       SUM(c.warnings) AS warnings,
       MAX(CASE WHEN r.position = 1 THEN r.kind END) AS most_common_kind
  FROM counts c
  JOIN ranked r ON r.session_id = c.session_id AND r.kind = c.kind
 GROUP BY c.session_id
 ORDER BY errors DESC, warnings DESC, c.session_id
 LIMIT 20;
