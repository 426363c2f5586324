package sqlite

// WALEmptied is how many bytes of WAL the truncations have emptied since Open.
func (s *Store) WALEmptied() int64 { return s.emptied.Load() }
