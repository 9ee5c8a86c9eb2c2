-- navrec schema 19: every test of a compare row, not only the median's (issue 35).
--
-- comparison_results: the mean test (Welch within strata: head − base, its interval and p; not
-- corrected) and the share test (Fisher, or Cochran–Mantel–Haenszel across strata: the change in
-- the share of sessions above 0 as a fraction, p and adjusted p), and the test that decided a
-- regressed or improved verdict. NULL where a row has no such test, and in runs stored before.
-- adjusted_p and share_adjusted_p are after the run's correction (comparison_runs.correction).
ALTER TABLE comparison_results ADD COLUMN mean_shift REAL;
ALTER TABLE comparison_results ADD COLUMN mean_low REAL;
ALTER TABLE comparison_results ADD COLUMN mean_high REAL;
ALTER TABLE comparison_results ADD COLUMN mean_p REAL;
ALTER TABLE comparison_results ADD COLUMN share_shift REAL;
ALTER TABLE comparison_results ADD COLUMN share_p REAL;
ALTER TABLE comparison_results ADD COLUMN share_adjusted_p REAL;
ALTER TABLE comparison_results ADD COLUMN decided_by TEXT CHECK (decided_by IN ('median', 'share'));
