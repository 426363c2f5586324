package store

import (
	"context"
	"time"
)

// Campaign is a saved Rise of Empire campaign (SR 8.9: its state is kept between sessions).
// Its games are ordinary games of this store; the record holds the campaign's state as the
// campaign package serialises it, and the id of the game under way.
type Campaign struct {
	Name    string
	State   []byte // the campaign's state (JSON, package campaign)
	Game    string // the game under way, "" if none
	Version int    // 1 when created; every save adds 1
	Created time.Time
	Updated time.Time
}

// CampaignSave is what a save does besides writing the campaign, in the same transaction, so
// that a kill at any moment leaves either all of it or none.
type CampaignSave struct {
	NewGame    *Game  // a game to create (the campaign's next game)
	FinishGame string // a game to mark finished, with Winners
	Winners    []int
}

// CampaignPage is one page of ListCampaigns: the campaigns whose names sort after After (""
// from the first), in the database's order of names, at most Limit of them (0: no limit).
// Paging by name rather than by offset keeps a page stable while campaigns are created, and
// the database walks its primary key instead of skipping rows.
type CampaignPage struct {
	After string
	Limit int
}

// Campaigns stores campaigns. store/sqlite and store/postgres implement it beside Store.
type Campaigns interface {
	// CreateCampaign stores a new campaign at version 1 (ErrExists if the name is taken).
	CreateCampaign(ctx context.Context, c *Campaign) error
	// LoadCampaign returns a campaign (ErrNotFound).
	LoadCampaign(ctx context.Context, name string) (*Campaign, error)
	// ListCampaigns returns a page of campaigns, by name.
	ListCampaigns(ctx context.Context, p CampaignPage) ([]Campaign, error)
	// SaveCampaign writes c.State and c.Game and does what w says, all in one transaction,
	// if the stored campaign is still at c.Version (ErrConflict otherwise: another process
	// saved it since it was loaded); c.Version is then the new version.
	SaveCampaign(ctx context.Context, c *Campaign, w CampaignSave) error
}
