package catalog_test

import (
	"database/sql/driver"

	"github.com/lib/pq"
)

// pqArray passes ids as a PostgreSQL array.
func pqArray(ids []int64) driver.Valuer { return pq.Array(ids) }
