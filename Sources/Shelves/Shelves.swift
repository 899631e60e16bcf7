// The bookshelf analyser's core: spines cut out and read, books matched to the catalog, preferences and recommendations. No HTTP.
