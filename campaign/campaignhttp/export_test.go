package campaignhttp

// The list's page sizes, for the tests of package campaignhttp_test.
const (
	PageDefault = campaignPageDefault
	PageMax     = campaignPageMax
)
