terraform query
